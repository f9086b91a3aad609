"""The SW:DBG engine as a PettingZoo AEC environment for outside agents (docs/swdbg-env.md): plain Python, it
takes an engine Setup (rules/swdbg_env.py builds one from the stored cards)."""

from .actions import ActionCodec
from .aec import SwdbgEnv, env, raw_env
from .observations import ObservationEncoder

__all__ = ["ActionCodec", "ObservationEncoder", "SwdbgEnv", "env", "raw_env"]
