"""A Gymnasium-style environment over the Greenhouse env server: reset(seed) and step(action).

It follows Gymnasium's API (reset returns (observation, info); step returns (observation, reward, terminated,
truncated, info)) without depending on gymnasium, so it runs wherever Python runs.
"""

from __future__ import annotations

from typing import Any

from .client import Client


class GreenhouseEnv:
    """One environment, one server session.

    env_id: a Greenhouse environment ('login-user', 'card-battler', ...; see Client().envs()).
    format: 'greenhouse' (observation {goal, text, elements}; actions like click(3)) or 'browsergym'
        (BrowserGym's observation keys; actions like click('3')).
    level, split, options, max_turns, reward, truncation: as the experiment's config sets them.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        env_id: str,
        *,
        base_url: str | None = None,
        format: str = "greenhouse",
        split: str = "train",
        level: int = 0,
        options: dict[str, Any] | None = None,
        max_turns: int = 0,
        reward: str = "outcome",
        truncation: str = "zero",
        client: Client | None = None,
    ):
        self.env_id = env_id
        self.client = client or Client(base_url)
        self._settings = dict(format=format, split=split, level=level, options=options, max_turns=max_turns, reward=reward, truncation=truncation)
        self.session: str | None = None
        self.observation: Any = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new episode. Without a seed, the session's next one (replays stay deterministic); `options` are the
        env's options for this episode (see Client().envs())."""
        if self.session is None:
            created = self.client.create(self.env_id, seed=seed, **{**self._settings, "options": options or self._settings["options"]})
            self.session = created["session"]
            result = created
        else:
            result = self.client.reset(self.session, seed=seed, options=options)
        self.observation = result["observation"]
        return self.observation, result["info"]

    def step(self, action: str) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self.session is None:
            raise RuntimeError("call reset() before step()")
        r = self.client.step(self.session, action)
        self.observation = r["observation"]
        return r["observation"], r["reward"], r["terminated"], r["truncated"], r["info"]

    def expert_action(self) -> str:
        """The scripted expert's next action (for demonstrations)."""
        if self.session is None:
            raise RuntimeError("call reset() before expert_action()")
        return self.client.expert(self.session)

    def render(self) -> str:
        """The page as text ('ansi')."""
        o = self.observation or {}
        return o.get("axtree_txt") or o.get("text", "")

    def close(self) -> None:
        if self.session is not None:
            self.client.close(self.session)
            self.session = None
        self.client.disconnect()

    def __enter__(self) -> "GreenhouseEnv":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
