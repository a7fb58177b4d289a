"""The env server the tests talk to: $GREENHOUSE_URL when set (Vitest starts one and sets it), else one started
here from the repository (node_modules installed) and stopped when the tests exit."""

from __future__ import annotations

import atexit
import os
import pathlib
import re
import subprocess

_url: str | None = None


def base_url() -> str:
    global _url
    if _url is None:
        _url = os.environ.get("GREENHOUSE_URL") or _start()
    return _url


def _start() -> str:
    root = pathlib.Path(__file__).resolve().parents[2]
    process = subprocess.Popen(
        ["node", "--import", "tsx", "--import", "./scripts/register-raw.mjs", "cli/serve.ts", "--port", "0"],
        cwd=root, stdout=subprocess.PIPE, text=True,
    )
    atexit.register(_stop, process)
    line = process.stdout.readline() if process.stdout else ""
    match = re.search(r"on (http://127\.0\.0\.1:\d+)", line)
    if not match:
        raise RuntimeError(f"the env server did not start: {line!r}")
    return match.group(1)


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=10)
    if process.stdout:
        process.stdout.close()
