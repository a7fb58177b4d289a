"""Example: verl's AgentLoopBase.run playing one Greenhouse episode through the env server.

verl calls run() once per sample on its rollout workers. This loop opens a session, shows the model the goal and
the page, generates one action per turn with verl's server manager (token ids in, token ids out), steps the
environment with the decoded text, appends the next page as observation tokens (masked out of the loss) and
returns the trajectory with the episode's reward as reward_score. It needs verl installed (import fails
otherwise); the rest of greenhouse_envs does not.

Settings come from the experiment's verl export (`npm run export-config -- --to verl`, its `greenhouse:` section:
server, env, split, level, max_turns, reward, truncation, format), overridden per sample by the dataset row's
extra_info.greenhouse (for instance its seed). Register it with the agent loop config file beside this one:
actor_rollout_ref.rollout.agent.agent_loop_config_path=python/greenhouse_envs/verl_agent_loop.yaml
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import uuid4

from verl.experimental.agent_loop.agent_loop import AgentLoopBase, AgentLoopOutput, register

from .client import Client
from .rows import SYSTEM_PROMPT
from .trl_env import _describe

_SETTINGS = ("server", "env", "seed", "split", "level", "options", "format", "max_turns", "reward", "truncation")


def _settings(config: Any, row: dict[str, Any]) -> dict[str, Any]:
    """The episode's settings: the export's greenhouse section, then the row's extra_info.greenhouse."""
    section = config.get("greenhouse", {}) if hasattr(config, "get") else {}
    extra = (row.get("extra_info") or {}).get("greenhouse", {})
    merged = {k: _plain(section[k]) for k in _SETTINGS if k in section}
    merged.update({k: _plain(extra[k]) for k in _SETTINGS if k in extra})
    if "env" not in merged:
        raise ValueError("no environment: set greenhouse.env in the config or extra_info.greenhouse.env in the data")
    return merged


def _plain(value: Any) -> Any:
    """A config value as plain Python (verl's config is OmegaConf's DictConfig, which json cannot write)."""
    return {k: _plain(v) for k, v in value.items()} if hasattr(value, "items") else value


@register("greenhouse_agent")
class GreenhouseAgentLoop(AgentLoopBase):
    """One Greenhouse episode per sample: generate an action, step the server, repeat until it ends."""

    async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> AgentLoopOutput:
        s = _settings(self.config, kwargs)
        client = Client(s.pop("server", None))
        env = s.pop("env")
        created = await self._blocking(client.create, env, **s)
        self.session = created["session"]
        response_length = self.config.actor_rollout_ref.rollout.response_length
        messages = [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": _describe(created["observation"], None, first=True)}]
        prompt_ids = await self._blocking(self.tokenizer.apply_chat_template, messages, add_generation_prompt=True, tokenize=True)
        # What a chat template puts before any message (a default system prompt): cut from observation turns.
        prefix = len(await self._blocking(self.tokenizer.apply_chat_template, [{}], add_generation_prompt=False, tokenize=True))
        response_ids: list[int] = []
        response_mask: list[int] = []
        reward, turns = created["info"]["episodeReward"], 0
        try:
            while len(response_ids) < response_length:
                out = await self.server_manager.generate(request_id=uuid4().hex, prompt_ids=prompt_ids + response_ids, sampling_params=sampling_params)
                action_ids = list(getattr(out, "token_ids", out))
                response_ids += action_ids
                response_mask += [1] * len(action_ids)
                action = self.tokenizer.decode(action_ids, skip_special_tokens=True).strip()
                r = await self._blocking(client.step, self.session, action)
                turns += 1
                reward = r["info"]["episodeReward"]
                if r["terminated"] or r["truncated"]:
                    break
                page = [{"role": "user", "content": _describe(r["observation"], r["info"].get("lastActionError"), first=False)}]
                page_ids = (await self._blocking(self.tokenizer.apply_chat_template, page, add_generation_prompt=True, tokenize=True))[prefix:]
                response_ids += page_ids
                response_mask += [0] * len(page_ids)
        finally:
            await self._blocking(client.close, self.session)
            client.disconnect()
        return AgentLoopOutput(
            prompt_ids=prompt_ids,
            response_ids=response_ids[:response_length],
            response_mask=response_mask[:response_length],
            reward_score=float(reward),
            num_turns=2 * turns + 1,
            metrics={},
        )

    async def _blocking(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """Runs a blocking call (HTTP, tokenizer) off the event loop, as verl's own loops do."""
        return await asyncio.get_running_loop().run_in_executor(None, lambda: fn(*args, **kwargs))
