#!/usr/bin/env python3
"""A stand-in language-model server for the tests of `folioq --ask`, speaking three wire
formats as their documentation shows them, streamed:

  POST /api/chat               Ollama: lines of JSON (application/x-ndjson, chunked),
                               {"model", "created_at", "message": {"role", "content"}, "done": false}
                               ..., then {"done": true, "done_reason", "prompt_eval_count", "eval_count"};
                               unknown model: 404 {"error": "model \"x\" not found, try pulling it first"}
  POST /v1/chat/completions    OpenAI: server-sent events, data: {"choices": [{"delta": {"content"}}]} ...,
                               a usage chunk (stream_options.include_usage), data: [DONE];
                               errors {"error": {"message", "type", "param", "code"}};
                               without "Authorization: Bearer sk-test-secret": 401
  POST /v1/messages            Anthropic: server-sent events message_start, content_block_start, ping,
                               content_block_delta (text_delta) ..., content_block_stop, message_delta,
                               message_stop; the passages come as documents with citations enabled,
                               and "quote" answers as the API does then: a text block per cited
                               sentence, its citations_delta (char_location, cited_text) after its text;
                               errors {"type": "error", "error": {"type", "message"}};
                               without "x-api-key: sk-ant-test-secret" and "anthropic-version": 401

The model's name picks the behaviour, and the answer comes from the prompt received:
  quote      for each passage holding every word of the question (of four letters or more), its
             sentence with the first of them, cited [n]; "The documents do not say." when
             no passage holds them all
  invent     passage 1's first sentence cited [1], then a passage that was not given and a
             page outside passage 1
  unsupported  a sentence no passage holds, cited [1]
  slow       streams a word every 0.2 s for a minute (for Ctrl-C)
  silent     answers nothing (for the time-out and its one retry)
  hangup     closes the connection without a reply
  missing    the provider's "no such model" error
  limited    429 with Retry-After: 17
  toolong    the provider's "prompt longer than the context" error
  broken     an error inside the stream after some text
Whatever the model, a request to make a follow-up stand alone (folio chat: its message ends
"Last question: …\nRewritten question:") is answered with the follow-up and the words of four
letters or more of the question before it, as a model would name what the follow-up points to.
Models that call Folio's tools (folio chat), each call streamed as the provider streams one
(OpenAI's tool_calls deltas with the arguments in pieces, Anthropic's tool_use block with
input_json_delta pieces, Ollama's whole call in one line):
  agent      for a question holding "(look up: WORDS)": search {"query": WORDS}, then read the
             first passage the search returned (its path and chunk, "around": 1), then
             answers as quote does for WORDS from every passage given or returned
  looper     searches "tyres N" in every round it is offered tools; answers as quote without
  wrongtool  calls a tool that does not exist, then read without its path, then search with
             arguments that are not JSON (Ollama: of the wrong type), then answers as quote
  threader   for a question holding "(look up: WORDS)": the thread of the first passage given
             (its path), then answers as quote does for WORDS from every passage; else as quote
  notools    refuses a request that offers tools, as a server without them does (Ollama's
             "does not support tools", llama.cpp's "tools param requires --jinja flag");
             answers as quote without
Every request is appended to LOG (one JSON line: path, headers, body).

    python3 chat-server.py LOG     # prints its port, then serves until killed
"""
import http.server
import json
import re
import sys
import time

LOG = sys.argv[1]
STOP = {"what", "which", "when", "where", "does", "that", "this", "with", "from", "have", "there", "their", "about", "into"}


def passages(message):
    """[(number, text)] of the passages in the user's message, as folioq writes them."""
    body = message.split("\nQuestion: ")[0]
    found = []
    for block in re.split(r"\n\n(?=\[\d+\] )", body):
        match = re.match(r"(?:Passages:\n\n)?\[(\d+)\] [^\n]*\n(.*)", block, re.S)
        if match:
            found.append((int(match.group(1)), match.group(2)))
    return found


def quoted_sentences(message):
    """[(number, sentence)]: for each passage holding every word of the question (of four
    letters or more), its sentence with the first of them."""
    question = message.split("\nQuestion: ")[-1].lower()
    words = [w for w in re.findall(r"[a-z0-9]+", question) if len(w) >= 4 and w not in STOP]
    found = []
    for number, text in passages(message) if words else []:
        if not all(w in text.lower() for w in words):
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", text.replace("\n", " ")):
            if words[0] in sentence.lower():
                found.append((number, sentence.strip()))
                break
    return found


def quote(message):
    sentences = [f"{sentence.rstrip('.')} [{number}]." for number, sentence in quoted_sentences(message)]
    if not sentences:
        return ["The documents do not say.", " They cover other things."]
    return [s + " " for s in " ".join(sentences).split(" ")]


def quote_blocks(message):
    """"quote" as Anthropic answers with citations: [(text, (document index, cited text) or None)]."""
    blocks = []
    for number, sentence in quoted_sentences(message):
        blocks += [(sentence.rstrip("."), (number - 1, sentence)), (". ", None)]
    return blocks or [("The documents do not say. They cover other things.", None)]


def rewrite(message):
    """The follow-up, with the content words of the last question before it."""
    earlier = re.findall(r"^User: (.*)$", message, re.M)
    follow_up = message.split("\nLast question: ")[-1].split("\n")[0]
    words = [w for w in re.findall(r"[A-Za-z0-9,]+", earlier[-1] if earlier else "") if len(w) >= 4 and w.lower() not in STOP]
    return [follow_up.rstrip("?") + " ", "(" + " ".join(words) + ")?"]


TOOL_MODELS = {"agent", "looper", "wrongtool", "threader"}


def tool_state(request):
    """(the question's message, the rounds of calls so far, the text of every tool result)."""
    message, rounds, results = "", 0, []
    for m in request.get("messages", []):
        content = m.get("content")
        if m["role"] == "user" and isinstance(content, str) and "\nQuestion: " in content:
            message = content
        if m["role"] == "assistant" and (m.get("tool_calls") or (isinstance(content, list) and any(b.get("type") == "tool_use" for b in content))):
            rounds += 1
        if m["role"] == "tool":
            results.append(content)
        if m["role"] == "user" and isinstance(content, list):
            results += [b["content"] for b in content if b.get("type") == "tool_result"]
    return message, rounds, results


def tool_turn(model, request, provider):
    """("call", name, arguments text) or ("answer", pieces)."""
    message, rounds, results = tool_state(request)
    offered = bool(request.get("tools"))
    question = message.split("\nQuestion: ")[-1]
    lookup = re.search(r"\(look up: ([^)]*)\)", question)
    everything = message.split("\nQuestion: ")[0] + "\n\n" + "\n\n".join(results)
    if model == "agent" and offered and lookup and rounds == 0:
        return ("call", "search", json.dumps({"query": lookup.group(1)}))
    if model == "agent" and offered and rounds == 1:
        found = re.search(r"\(path: (.*?), chunk: (\d+)\)", "\n\n".join(results))
        if found:
            return ("call", "read", json.dumps({"path": found.group(1), "chunk": int(found.group(2)), "around": 1}))
    if model == "threader" and offered and lookup and rounds == 0:
        found = re.search(r"\(path: (.*?), chunk: (\d+)\)", message)
        if found:
            return ("call", "thread", json.dumps({"path": found.group(1)}))
    if model == "looper" and offered:
        return ("call", "search", json.dumps({"query": f"tyres {rounds}"}))
    if model == "wrongtool" and offered and rounds < 3:
        if rounds == 0:
            return ("call", "delete_files", json.dumps({"everything": True}))
        if rounds == 1:
            return ("call", "read", json.dumps({"chunk": 3}))
        return ("call", "search", json.dumps({"query": 5}) if provider == "ollama" else '{"query": "tyres')
    words = lookup.group(1) if lookup else question
    return ("answer", quote(everything + "\nQuestion: " + words))


def answer_pieces(model, message):
    if model in ("quote", "notools"):
        return quote(message)
    if model == "invent":
        given = passages(message)
        first = re.split(r"(?<=[.!?])\s+", given[0][1].replace("\n", " ").strip())[0].rstrip(".")
        return [f"{first} [1]. ", f"Another says more [{len(given) + 5}]. ", "And a page [1, p. 999]."]
    if model == "unsupported":
        return ["The weather was lovely at the wedding [1]."]
    if model == "slow":
        return [f"word{i} " for i in range(300)]
    if model == "broken":
        return ["The answer begins [1] ", "and never ends."]
    return ["Hello [1]."]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def start_stream(self, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def chunk(self, text):
        data = text.encode()
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_stream(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def event(self, name, body):
        self.chunk((f"event: {name}\n" if name else "") + "data: " + (body if isinstance(body, str) else json.dumps(body)) + "\n\n")

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        with open(LOG, "a") as log:
            log.write(json.dumps({"path": self.path, "headers": dict(self.headers.items()), "body": request}) + "\n")
        model = request.get("model") or "quote"
        user = [m["content"] for m in request.get("messages", []) if m["role"] == "user"][-1]
        if isinstance(user, list) and any(block.get("type") == "tool_result" for block in user):
            user = tool_state(request)[0]
        elif isinstance(user, list):
            # Anthropic's documents, read back into the form the other providers get.
            documents = [block for block in user if block.get("type") == "document"]
            question = next(block["text"] for block in user if block.get("type") == "text")
            user = "Passages:\n\n" + "".join(f"{d['title']}\n{d['source']['data']}\n\n" for d in documents) + question
        provider = {"/api/chat": "ollama", "/v1/chat/completions": "openai", "/v1/messages": "anthropic"}.get(self.path)
        if provider is None:
            return self.reply(404, {"error": "no such endpoint"})
        if provider == "openai" and self.headers.get("Authorization") != "Bearer sk-test-secret":
            key = (self.headers.get("Authorization") or "").removeprefix("Bearer ")
            return self.reply(401, {"error": {"message": f"Incorrect API key provided: {key}.", "type": "invalid_request_error",
                                              "param": None, "code": "invalid_api_key"}})
        if provider == "anthropic":
            if self.headers.get("anthropic-version") != "2023-06-01":
                return self.reply(400, {"type": "error", "error": {"type": "invalid_request_error", "message": "anthropic-version missing"}})
            if self.headers.get("x-api-key") != "sk-ant-test-secret":
                key = self.headers.get("x-api-key") or ""
                return self.reply(401, {"type": "error", "error": {"type": "authentication_error", "message": f"invalid x-api-key {key}"}})
        if model == "notools" and request.get("tools"):
            return self.reply(*{
                "ollama": (400, {"error": 'registry.ollama.ai/library/notools:latest does not support tools'}),
                "openai": (500, {"error": {"code": 500, "message": "tools param requires --jinja flag", "type": "server_error"}}),
                "anthropic": (400, {"type": "error", "error": {"type": "invalid_request_error", "message": "tools: this model takes no tools"}})}[provider])
        if model in TOOL_MODELS and isinstance(user, str) and not user.endswith("Rewritten question:"):
            turn = tool_turn(model, request, provider)
            if turn[0] == "call":
                return getattr(self, "call_" + provider)(model, turn[1], turn[2])
            return getattr(self, "stream_" + provider)("quote", turn[1], len(user.split()), 0)
        if "\nLast question: " in user and user.endswith("Rewritten question:"):
            return getattr(self, "stream_" + provider)("quote", rewrite(user), len(user.split()), 0)
        if model == "hangup":
            self.close_connection = True
            return
        if model == "silent":
            time.sleep(30)
            return
        if model == "missing":
            return self.reply(404, {
                "ollama": {"error": f'model "{model}" not found, try pulling it first'},
                "openai": {"error": {"message": f"The model `{model}` does not exist", "type": "invalid_request_error", "param": None,
                                     "code": "model_not_found"}},
                "anthropic": {"type": "error", "error": {"type": "not_found_error", "message": f"model: {model}"}}}[provider])
        if model == "limited":
            return self.reply(429, {
                "ollama": {"error": "too many requests"},
                "openai": {"error": {"message": "Rate limit reached for requests", "type": "requests", "param": None,
                                     "code": "rate_limit_exceeded"}},
                "anthropic": {"type": "error", "error": {"type": "rate_limit_error", "message": "Number of requests has exceeded your rate limit"}}}[provider],
                headers=[("Retry-After", "17")])
        if model == "toolong":
            return self.reply(400, {
                "ollama": {"error": "input length exceeds the context length"},
                "openai": {"error": {"message": "This model's maximum context length is 4096 tokens.", "type": "invalid_request_error",
                                     "param": "messages", "code": "context_length_exceeded"}},
                "anthropic": {"type": "error", "error": {"type": "invalid_request_error", "message": "prompt is too long: 210000 tokens > 200000 maximum"}}}[provider])
        pieces = quote_blocks(user) if provider == "anthropic" and model == "quote" else answer_pieces(model, user)
        prompt_tokens = len(user.split()) + len((request.get("system") or "").split())
        delay = 0.2 if model == "slow" else 0
        try:
            getattr(self, "stream_" + provider)(model, pieces, prompt_tokens, delay)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def call_ollama(self, model, name, arguments):
        self.start_stream("application/x-ndjson")
        self.chunk(json.dumps({"model": model, "created_at": "2026-11-24T10:00:00Z", "message": {
            "role": "assistant", "content": "", "tool_calls": [{"function": {"name": name, "arguments": json.loads(arguments)}}]},
            "done": False}) + "\n")
        self.chunk(json.dumps({"model": model, "created_at": "2026-11-24T10:00:01Z", "message": {"role": "assistant", "content": ""},
                               "done": True, "done_reason": "stop", "prompt_eval_count": 10, "eval_count": 5}) + "\n")
        self.end_stream()

    def call_openai(self, model, name, arguments):
        self.start_stream("text/event-stream")
        base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1790000000, "model": model}
        self.event(None, {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": None, "tool_calls": [
            {"index": 0, "id": "call_abc", "type": "function", "function": {"name": name, "arguments": ""}}]}, "finish_reason": None}]})
        half = len(arguments) // 2
        for piece in (arguments[:half], arguments[half:]):
            self.event(None, {**base, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": piece}}]},
                                                   "finish_reason": None}]})
        self.event(None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
        self.event(None, "[DONE]")
        self.end_stream()

    def call_anthropic(self, model, name, arguments):
        self.start_stream("text/event-stream")
        self.event("message_start", {"type": "message_start", "message": {
            "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": model, "stop_reason": None,
            "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}})
        self.event("content_block_start", {"type": "content_block_start", "index": 0,
                                           "content_block": {"type": "tool_use", "id": "toolu_1", "name": name, "input": {}}})
        half = len(arguments) // 2
        for piece in (arguments[:half], arguments[half:]):
            self.event("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": piece}})
        self.event("content_block_stop", {"type": "content_block_stop", "index": 0})
        self.event("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}, "usage": {"output_tokens": 5}})
        self.event("message_stop", {"type": "message_stop"})
        self.end_stream()

    def stream_ollama(self, model, pieces, prompt_tokens, delay):
        self.start_stream("application/x-ndjson")
        for index, piece in enumerate(pieces):
            if model == "broken" and index == 1:
                self.chunk(json.dumps({"error": "an error was encountered while running the model"}) + "\n")
                return self.end_stream()
            self.chunk(json.dumps({"model": model, "created_at": "2026-11-24T10:00:00Z",
                                   "message": {"role": "assistant", "content": piece}, "done": False}) + "\n")
            time.sleep(delay)
        self.chunk(json.dumps({"model": model, "created_at": "2026-11-24T10:00:01Z", "message": {"role": "assistant", "content": ""},
                               "done": True, "done_reason": "stop", "total_duration": 1000, "load_duration": 10,
                               "prompt_eval_count": prompt_tokens, "prompt_eval_duration": 100, "eval_count": len(pieces),
                               "eval_duration": 100}) + "\n")
        self.end_stream()

    def stream_openai(self, model, pieces, prompt_tokens, delay):
        self.start_stream("text/event-stream")
        base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1790000000, "model": model}
        self.event(None, {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]})
        for index, piece in enumerate(pieces):
            if model == "broken" and index == 1:
                self.event(None, {"error": {"message": "The server had an error while processing your request.", "type": "server_error"}})
                return self.end_stream()
            self.event(None, {**base, "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]})
            time.sleep(delay)
        self.event(None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
        self.event(None, {**base, "choices": [], "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": len(pieces),
                                                           "total_tokens": prompt_tokens + len(pieces)}})
        self.event(None, "[DONE]")
        self.end_stream()

    def stream_anthropic(self, model, pieces, prompt_tokens, delay):
        self.start_stream("text/event-stream")
        self.event("message_start", {"type": "message_start", "message": {
            "id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": model, "stop_reason": None,
            "stop_sequence": None, "usage": {"input_tokens": prompt_tokens, "output_tokens": 1}}})
        self.event("ping", {"type": "ping"})
        if pieces and isinstance(pieces[0], tuple):
            for index, (text, citation) in enumerate(pieces):
                self.event("content_block_start", {"type": "content_block_start", "index": index,
                                                   "content_block": {"type": "text", "text": "", **({"citations": []} if citation else {})}})
                self.event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": text}})
                if citation:
                    document, cited = citation
                    self.event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": {
                        "type": "citations_delta", "citation": {"type": "char_location", "cited_text": cited, "document_index": document,
                                                                "document_title": None, "start_char_index": 0, "end_char_index": len(cited)}}})
                self.event("content_block_stop", {"type": "content_block_stop", "index": index})
        else:
            self.event("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
            for index, piece in enumerate(pieces):
                if model == "broken" and index == 1:
                    self.event("error", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})
                    return self.end_stream()
                self.event("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": piece}})
                time.sleep(delay)
            self.event("content_block_stop", {"type": "content_block_stop", "index": 0})
        self.event("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                                     "usage": {"output_tokens": len(pieces)}})
        self.event("message_stop", {"type": "message_stop"})
        self.end_stream()


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
