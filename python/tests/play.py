"""Helpers for the tests: call a tool method from an action string the server's expert wrote."""

from __future__ import annotations

import ast
from typing import Any


def call_of(action: str) -> tuple[str, list[Any]]:
    """`fill(2, "bob")` -> ('fill', [2, 'bob']); a bare word argument (`move(up)`) is its text."""
    node = ast.parse(action, mode="eval").body
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name), action
    args = [a.id if isinstance(a, ast.Name) else ast.literal_eval(a) for a in node.args]
    return node.func.id, args
