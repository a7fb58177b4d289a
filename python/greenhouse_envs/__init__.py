"""Python client of Greenhouse's env server (`npm run serve`), standard library only.

Client: the HTTP API. GreenhouseEnv: a Gymnasium-style env. WebTaskEnv, CardBattlerEnv, GridWorldEnv,
BrowserGymToolEnv and environment_factory(): classes for TRL's GRPOTrainer(environment_factory=...).
verl_agent_loop (imported on its own, it needs verl): an example of verl's AgentLoopBase.run.
"""

from .client import Client, GreenhouseError
from .gym_env import GreenhouseEnv
from .trl_env import BrowserGymToolEnv, CardBattlerEnv, GridWorldEnv, WebTaskEnv, dataset_rows, environment_factory, tool_class

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
    "dataset_rows",
]
