"""Python client of Greenhouse's env server (`npm run serve`), standard library only.

Client: the HTTP API. GreenhouseEnv: a Gymnasium-style env. WebTaskEnv, CardBattlerEnv, GridWorldEnv,
BrowserGymToolEnv and environment_factory(): classes for TRL's GRPOTrainer(environment_factory=...).
trl_rows, verl_rows: dataset rows that carry task seeds (python -m greenhouse_envs.rows writes them).
verl_agent_loop (imported on its own, it needs verl): an example of verl's AgentLoopBase.run.
"""

from .client import Client, GreenhouseError
from .gym_env import GreenhouseEnv
from .rows import trl_rows, verl_rows
from .trl_env import BrowserGymToolEnv, CardBattlerEnv, GridWorldEnv, WebTaskEnv, environment_factory, tool_class

__all__ = [
    "Client",
    "GreenhouseError",
    "GreenhouseEnv",
    "WebTaskEnv",
    "CardBattlerEnv",
    "GridWorldEnv",
    "BrowserGymToolEnv",
    "environment_factory",
    "tool_class",
    "trl_rows",
    "verl_rows",
]
