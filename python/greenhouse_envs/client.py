"""HTTP client of the Greenhouse env server (`npm run serve`), standard library only.

One keep-alive connection per client; JSON in and out. A refused request raises GreenhouseError with the HTTP
status, the field the server named and its message.
"""

from __future__ import annotations

import http.client
import json
import os
import urllib.parse
from typing import Any

DEFAULT_URL = "http://127.0.0.1:8750"


class GreenhouseError(Exception):
    """A request the server refused: `status` (HTTP), `field` (what was wrong) and `message`."""

    def __init__(self, status: int, field: str, message: str):
        super().__init__(f"{status} {field}: {message}")
        self.status = status
        self.field = field
        self.message = message


class Client:
    """The env server's API. `base_url` defaults to $GREENHOUSE_URL, else http://127.0.0.1:8750."""

    def __init__(self, base_url: str | None = None, timeout: float = 60.0):
        self.base_url = (base_url or os.environ.get("GREENHOUSE_URL") or DEFAULT_URL).rstrip("/")
        url = urllib.parse.urlsplit(self.base_url)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"base_url must be http(s)://host:port, got {self.base_url!r}")
        self._connection_class = http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
        self._host, self._port, self._prefix = url.hostname, url.port, url.path.rstrip("/")
        self._timeout = timeout
        self._conn: http.client.HTTPConnection | None = None

    # -- the API -------------------------------------------------------------------------------------------
    def envs(self) -> list[dict[str, Any]]:
        """Every environment: id, suite, description, options, levels, splits, actions and browsergymActions."""
        return self._request("GET", "/envs")["envs"]

    def health(self) -> dict[str, Any]:
        return self._request("GET", "/health")

    def create(self, env: str, **settings: Any) -> dict[str, Any]:
        """A new session with its first episode: {session, observation, info}.

        settings: seed, split ('train'|'test'), level, options (dict), format ('greenhouse'|'browsergym'),
        max_turns, reward ('outcome'|'process'|'potential'), truncation ('zero'|'mask'); None values are left out.
        """
        return self._request("POST", "/sessions", _body(env=env, **settings))

    def reset(self, session: str, **settings: Any) -> dict[str, Any]:
        """A new episode ({observation, info}); seed, split, level, options as in create(), the rest kept."""
        return self._request("POST", f"/sessions/{_quote(session)}/reset", _body(**settings))

    def step(self, session: str, action: str) -> dict[str, Any]:
        """One action: {observation, reward, terminated, truncated, info}."""
        return self._request("POST", f"/sessions/{_quote(session)}/step", {"action": action})

    def expert(self, session: str) -> str:
        """The scripted expert's next action for the session's page (demonstrations for SFT)."""
        return self._request("GET", f"/sessions/{_quote(session)}/expert")["action"]

    def close(self, session: str) -> None:
        self._request("DELETE", f"/sessions/{_quote(session)}")

    def batch(self, ops: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Many operations in one request, in order: {"session": id, "action": a} steps, {"session": id,
        "reset": {...}} resets. Each result is a step/reset reply, or {"session", "error": {status, field, message}}."""
        return self._request("POST", "/batch", {"ops": ops})["results"]

    def disconnect(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # -- transport -----------------------------------------------------------------------------------------
    def _request(self, method: str, path: str, body: Any = None) -> Any:
        payload = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"content-type": "application/json"} if payload is not None else {}
        for attempt in (0, 1):
            if self._conn is None:
                self._conn = self._connection_class(self._host, self._port, timeout=self._timeout)
            try:
                self._conn.request(method, self._prefix + path, body=payload, headers=headers)
                response = self._conn.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.disconnect()  # a kept-alive connection the server closed: open a new one once
                if attempt == 1:
                    raise
        try:
            answer = json.loads(data.decode("utf-8")) if data else {}
        except ValueError as e:
            raise GreenhouseError(response.status, "response", f"not JSON: {data[:200]!r}") from e
        if response.status >= 400:
            error = answer.get("error", {}) if isinstance(answer, dict) else {}
            raise GreenhouseError(response.status, error.get("field", "?"), error.get("message", str(answer)))
        return answer


def _body(**fields: Any) -> dict[str, Any]:
    """A request body in the server's spelling (max_turns -> maxTurns), None values left out."""
    renamed = {"max_turns": "maxTurns"}
    return {renamed.get(k, k): v for k, v in fields.items() if v is not None}


def _quote(session: str) -> str:
    return urllib.parse.quote(session, safe="")
