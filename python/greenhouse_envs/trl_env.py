"""Classes shaped for TRL's GRPOTrainer(environment_factory=...): one server session per instance.

TRL creates an instance with no arguments (so pass a factory: `environment_factory("login-user")`), calls
`reset(**row)` with the dataset row (its `seed`, `split` and `level` pick the task; `prompt` is TRL's), appends the
returned text to the prompt, exposes every public method but reset and get_reward as a tool (their type hints and
docstrings become the tool schema), and scores the rollout with `get_reward()`.

One class per action language: WebTaskEnv (click, fill, select, check, back, answer), CardBattlerEnv (play, end,
pick), GridWorldEnv (move), and BrowserGymToolEnv (BrowserGym's actions, for every environment).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from .client import Client


class _SessionTools:
    """What every tool class shares: the session, the text the model reads, the episode's reward."""

    format = "greenhouse"

    def __init__(self, env_id: str, *, base_url: str | None = None, split: str = "train", level: int = 0, options: dict[str, Any] | None = None,
                 max_turns: int = 0, reward: str = "outcome", truncation: str = "zero"):
        self._env_id = env_id
        self._client = Client(base_url)
        self._defaults = dict(split=split, level=level, options=options)
        self._settings = dict(format=self.format, max_turns=max_turns, reward=reward, truncation=truncation)
        self._session: str | None = None
        self._done = False
        self._reward = 0.0

    def reset(self, **row: Any) -> str:
        """A new episode; the dataset row's seed, split and level choose it. Returns the goal and the page."""
        draw = {k: row[k] for k in ("seed", "split", "level") if row.get(k) is not None}
        draw = {**self._defaults, **draw}
        if self._session is None:
            result = self._client.create(self._env_id, **self._settings, **draw)
            self._session = result["session"]
        else:
            result = self._client.reset(self._session, **draw)
        self._done = False
        self._reward = result["info"]["episodeReward"]
        return _describe(result["observation"], None, first=True)

    def get_reward(self) -> float:
        """The episode's reward under the experiment's reward mode (an unfinished episode counts as cut off)."""
        return float(self._reward)

    def _act(self, action: str) -> str:
        if self._session is None:
            return "Call reset() first."
        if self._done:
            return "The episode is over."
        r = self._client.step(self._session, action)
        self._done = bool(r["terminated"] or r["truncated"])
        self._reward = r["info"]["episodeReward"]
        text = _describe(r["observation"], r["info"].get("lastActionError"), first=False)
        if self._done:
            text += "\n\nThe task is done." if r["info"]["success"] else "\n\nThe episode is over."
        return text

    def __del__(self) -> None:
        try:
            if self._session is not None:
                self._client.close(self._session)
        except Exception:  # the server may be gone at interpreter exit; nothing to clean up then
            pass
        self._client.disconnect()


def _describe(observation: dict[str, Any], error: str | None, first: bool) -> str:
    """The text the model reads: the goal (first turn), any error, then the page."""
    page = observation.get("axtree_txt") or observation.get("text", "")
    error = error or observation.get("last_action_error") or None
    parts = [f"Goal: {observation['goal']}"] if first else []
    if error:
        parts.append(f"Error: {error}")
    parts.append(f"Page:\n{page}")
    return "\n\n".join(parts)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class WebTaskEnv(_SessionTools):
    """A web task (click-button, login-user, email-inbox, ...) in Greenhouse's action language."""

    def click(self, element_id: int) -> str:
        """Click an element of the page.

        Args:
            element_id: The number in brackets before the element, e.g. 4 for "[4] button 'Submit'".

        Returns:
            The page after the click.
        """
        return self._act(f"click({int(element_id)})")

    def fill(self, element_id: int, text: str) -> str:
        """Type text into a text box, replacing what it held.

        Args:
            element_id: The text box's number in brackets.
            text: The text to type.

        Returns:
            The page after typing.
        """
        return self._act(f"fill({int(element_id)}, {_quoted(text)})")

    def select(self, element_id: int, option: str) -> str:
        """Pick an option of a drop-down list.

        Args:
            element_id: The list's number in brackets.
            option: The option's text.

        Returns:
            The page after picking.
        """
        return self._act(f"select({int(element_id)}, {_quoted(option)})")

    def check(self, element_id: int) -> str:
        """Tick or untick a checkbox.

        Args:
            element_id: The checkbox's number in brackets.

        Returns:
            The page after the change.
        """
        return self._act(f"check({int(element_id)})")

    def back(self) -> str:
        """Go back to the previous page.

        Returns:
            The previous page.
        """
        return self._act("back()")

    def answer(self, text: str) -> str:
        """Answer the task's question.

        Args:
            text: The answer.

        Returns:
            The page after answering.
        """
        return self._act(f"answer({_quoted(text)})")


class CardBattlerEnv(_SessionTools):
    """The card battler: play cards with energy, end turns, pick a card after a fight."""

    def play(self, card: int) -> str:
        """Play a card from your hand.

        Args:
            card: The card's number in brackets.

        Returns:
            The board after playing it.
        """
        return self._act(f"play({int(card)})")

    def end(self) -> str:
        """End your turn; the enemy acts.

        Returns:
            The board at the start of your next turn.
        """
        return self._act("end()")

    def pick(self, choice: int) -> str:
        """Take a reward card after a won fight.

        Args:
            choice: The reward's number in brackets.

        Returns:
            The board of the next fight.
        """
        return self._act(f"pick({int(choice)})")


class GridWorldEnv(_SessionTools):
    """The grid world: move the agent A to the exit E, with keys, doors, boxes and switches."""

    def move(self, direction: str) -> str:
        """Move one cell.

        Args:
            direction: One of up, down, left, right.

        Returns:
            The grid after the move.
        """
        return self._act(f"move({direction.strip()})")


class BrowserGymToolEnv(_SessionTools):
    """Any environment through BrowserGym's observation (axtree_txt with string bids) and actions."""

    format = "browsergym"

    def click(self, bid: str) -> str:
        """Click an element.

        Args:
            bid: The element's bid, the text in brackets, e.g. '12'.

        Returns:
            The page after the click.
        """
        return self._act(f"click({str(bid)!r})")

    def fill(self, bid: str, value: str) -> str:
        """Fill a text field.

        Args:
            bid: The field's bid.
            value: The text to enter.

        Returns:
            The page after filling.
        """
        return self._act(f"fill({str(bid)!r}, {value!r})")

    def select_option(self, bid: str, option: str) -> str:
        """Select an option of a list.

        Args:
            bid: The list's bid.
            option: The option's text.

        Returns:
            The page after selecting.
        """
        return self._act(f"select_option({str(bid)!r}, {option!r})")

    def check(self, bid: str) -> str:
        """Make sure a checkbox is checked.

        Args:
            bid: The checkbox's bid.

        Returns:
            The page after.
        """
        return self._act(f"check({str(bid)!r})")

    def uncheck(self, bid: str) -> str:
        """Make sure a checkbox is unchecked.

        Args:
            bid: The checkbox's bid.

        Returns:
            The page after.
        """
        return self._act(f"uncheck({str(bid)!r})")

    def press(self, bid: str, key_comb: str) -> str:
        """Focus an element and press a key, e.g. 'Enter', or 'ArrowUp' in the grid world.

        Args:
            bid: The element's bid.
            key_comb: The key.

        Returns:
            The page after.
        """
        return self._act(f"press({str(bid)!r}, {key_comb!r})")

    def keyboard_press(self, key: str) -> str:
        """Press a key, e.g. 'ArrowLeft' in the grid world.

        Args:
            key: The key.

        Returns:
            The page after.
        """
        return self._act(f"keyboard_press({key!r})")

    def scroll(self, delta_x: float, delta_y: float) -> str:
        """Scroll the page (every page here fits in view).

        Args:
            delta_x: Pixels to the right.
            delta_y: Pixels down.

        Returns:
            The page.
        """
        return self._act(f"scroll({float(delta_x)!r}, {float(delta_y)!r})")

    def go_back(self) -> str:
        """Go back to the previous page.

        Returns:
            The previous page.
        """
        return self._act("go_back()")

    def send_msg_to_user(self, text: str) -> str:
        """Send a message to the user: how a question is answered.

        Args:
            text: The message.

        Returns:
            The page after.
        """
        return self._act(f"send_msg_to_user({text!r})")

    def noop(self) -> str:
        """Wait one turn.

        Returns:
            The page.
        """
        return self._act("noop()")

    def report_infeasible(self, reason: str) -> str:
        """Give up: say the task cannot be done (it ends the episode unsolved).

        Args:
            reason: Why.

        Returns:
            The final page.
        """
        return self._act(f"report_infeasible({reason!r})")


_BY_ACTIONS = {"click(id)": WebTaskEnv, "play(n)": CardBattlerEnv, "move(dir)": GridWorldEnv}


def tool_class(env_id: str, format: str = "greenhouse", base_url: str | None = None) -> type[_SessionTools]:
    """The tool class of an environment: BrowserGymToolEnv for the browsergym format, else the class of its
    action language (read from the server's listing)."""
    if format == "browsergym":
        return BrowserGymToolEnv
    client = Client(base_url)
    try:
        listing = {e["id"]: e for e in client.envs()}
    finally:
        client.disconnect()
    if env_id not in listing:
        raise ValueError(f"unknown environment {env_id!r} (known: {', '.join(listing)})")
    for action in listing[env_id]["actions"]:
        if action in _BY_ACTIONS:
            return _BY_ACTIONS[action]
    raise ValueError(f"{env_id}: no tool class for its actions {listing[env_id]['actions']}")


def environment_factory(env_id: str, *, format: str = "greenhouse", **settings: Any) -> Callable[[], _SessionTools]:
    """A zero-argument factory for GRPOTrainer(environment_factory=...). settings: base_url, split, level,
    options, max_turns, reward, truncation (as the experiment's config; see `npm run export-config`)."""
    return functools.partial(tool_class(env_id, format, settings.get("base_url")), env_id, **settings)
