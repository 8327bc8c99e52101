-- v0011_mail_threads: what a message's thread is found by (issue 52). Threads are made when
-- asked for, from the messages their ids link (`IndexReader.mailThreads`): a message by its
-- id, the replies to it by theirs (In-Reply-To, and References, which begin with the
-- thread's first id), and a reply whose client wrote no headers by its subject.
CREATE INDEX document_field_by_value ON document_field(name, value);
CREATE INDEX document_mail_by_title ON document(title) WHERE kind = 'mail';
