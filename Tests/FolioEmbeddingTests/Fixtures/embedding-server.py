#!/usr/bin/env python3
"""A stand-in embedding server for the tests, speaking Ollama's and OpenAI's wire formats
as their documentation shows them:

  POST /api/embed       {"model", "input": [..]} -> {"model", "embeddings": [[..], ..]}
                        unknown model: 404 {"error": "model \"x\" not found, try pulling it first"}
  POST /v1/embeddings   {"model", "input": [..], "encoding_format"} ->
                        {"object": "list", "data": [{"object": "embedding", "index", "embedding"}],
                         "model", "usage": {"prompt_tokens", "total_tokens"}}  (data in reverse order,
                        which the index field puts right); without "Authorization: Bearer sk-test":
                        401 {"error": {"message", "type", "param", "code"}}

Each vector is made from the text's words (a fixed pseudo-random vector per word, summed),
so texts that share words are near. The model "broken" answers a body that is not JSON.
Prints its port on the first line, then serves until killed.

    python3 embedding-server.py
"""
import hashlib
import http.server
import json
import sys

DIMENSION = 8


def vector(text):
    total = [0.0] * DIMENSION
    for word in text.lower().split():
        digest = hashlib.sha256(word.encode()).digest()
        for i in range(DIMENSION):
            total[i] += digest[i] / 255.0 - 0.5
    return total


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, status, body, raw=False):
        data = body if raw else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        model, inputs = request.get("model"), request.get("input")
        if isinstance(inputs, str):
            inputs = [inputs]
        if model == "broken":
            return self.reply(200, b"<html>not json</html>", raw=True)
        if self.path == "/api/embed":
            if model != "nomic-embed-text":
                return self.reply(404, {"error": f'model "{model}" not found, try pulling it first'})
            return self.reply(200, {"model": model, "embeddings": [vector(t) for t in inputs],
                                    "total_duration": 1000, "load_duration": 10, "prompt_eval_count": len(inputs)})
        if self.path == "/v1/embeddings":
            if self.headers.get("Authorization") != "Bearer sk-test":
                return self.reply(401, {"error": {"message": "Incorrect API key provided.", "type": "invalid_request_error",
                                                  "param": None, "code": "invalid_api_key"}})
            data = [{"object": "embedding", "index": i, "embedding": vector(t)} for i, t in enumerate(inputs)]
            return self.reply(200, {"object": "list", "data": list(reversed(data)), "model": model,
                                    "usage": {"prompt_tokens": 5, "total_tokens": 5}})
        self.reply(404, {"error": "no such endpoint"})


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
