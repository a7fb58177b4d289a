"""The verl agent loop example, run with stand-ins for verl's classes (verl is not installed here): it plays a
whole episode through the server, masks the observation tokens, and returns the episode's reward."""

import asyncio
import sys
import types
import unittest

from greenhouse_envs import Client, GreenhouseError, verl_rows

from .server import base_url


class Config(dict):
    """A dict read with attributes too, as verl's OmegaConf config is."""

    def __getattr__(self, name):
        value = self[name]
        return Config(value) if isinstance(value, dict) else value


def install_fake_verl():
    """verl.experimental.agent_loop.agent_loop with AgentLoopBase, AgentLoopOutput and register."""
    module = types.ModuleType("verl.experimental.agent_loop.agent_loop")

    class AgentLoopBase:
        def __init__(self, trainer_config, server_manager, tokenizer, processor=None, **kwargs):
            self.config, self.server_manager, self.tokenizer = trainer_config, server_manager, tokenizer

    class AgentLoopOutput:
        def __init__(self, **fields):
            self.__dict__.update(fields)

    module.AgentLoopBase, module.AgentLoopOutput, module.registered = AgentLoopBase, AgentLoopOutput, {}
    module.register = lambda name: (lambda cls: module.registered.setdefault(name, cls))
    for name in ("verl", "verl.experimental", "verl.experimental.agent_loop"):
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.modules[module.__name__] = module
    return module


class CharTokenizer:
    """One token per character; a chat template of 'role: content' lines."""

    def apply_chat_template(self, messages, add_generation_prompt=False, tokenize=True):
        text = "<s>" + "".join(f"{m['role']}: {m['content']}\n" for m in messages if m) + ("assistant: " if add_generation_prompt else "")
        return [ord(c) for c in text]

    def decode(self, ids, skip_special_tokens=True):
        return "".join(chr(i) for i in ids)


class ExpertServer:
    """verl's server manager stand-in: 'generates' the scripted expert's action for the loop's session."""

    def __init__(self, client):
        self.client, self.loop, self.calls = client, None, 0

    async def generate(self, request_id, prompt_ids, sampling_params):
        self.calls += 1
        return [ord(c) for c in self.client.expert(self.loop.session)]


class VerlAgentLoopTest(unittest.TestCase):
    def test_run_plays_an_episode_through_the_server(self):
        fake = install_fake_verl()
        from greenhouse_envs.verl_agent_loop import GreenhouseAgentLoop

        self.assertIs(fake.registered["greenhouse_agent"], GreenhouseAgentLoop)
        client = Client(base_url())
        server = ExpertServer(client)
        config = Config({
            "greenhouse": {"server": base_url(), "env": "click-button", "split": "test", "level": 1},
            "actor_rollout_ref": {"rollout": {"response_length": 4096}},
        })
        loop = GreenhouseAgentLoop(config, server, CharTokenizer())
        server.loop = loop
        row = verl_rows("login-user", 3, seed=3)[2]  # the task of seed 5, as a verl dataset row carries it
        out = asyncio.run(loop.run({"temperature": 1.0}, **row, raw_prompt=row["prompt"]))
        self.assertEqual(out.reward_score, 1.0)
        self.assertEqual(len(out.response_ids), len(out.response_mask))
        self.assertEqual(out.num_turns, 2 * server.calls + 1)
        self.assertGreater(server.calls, 1)
        self.assertIn(0, out.response_mask)  # the pages between actions are masked out
        first_action = "".join(chr(i) for i in out.response_ids[: out.response_mask.index(0)])
        self.assertTrue(first_action.startswith("fill("), first_action)
        with self.assertRaises(GreenhouseError):  # the session is closed at the end
            client.expert(loop.session)
        client.disconnect()


if __name__ == "__main__":
    unittest.main()
