"""The SW:DBG environment for outside agents (rules/swdbg/env/, docs/swdbg-env.md) on a setup of the stored
cards: the environment itself is plain Python and takes an engine Setup; this builds one from a format."""

from rules.setups import default_setup, engine_setup
from rules.swdbg.env import env, raw_env
from rules.swdbg.env.aec import SwdbgEnv


def swdbg_env(format_code: str = "full-galaxy", render_mode: str | None = None, wrapped: bool = True):
    """A new environment on the format's default setup (Empire seat 0, Rebel seat 1): with PettingZoo's
    guards (`wrapped`), or the bare SwdbgEnv, whose engine-side helpers (legal_actions, index_of) an agent
    that plays through the engine uses."""
    setup = engine_setup(default_setup(format_code))
    return env(setup, render_mode) if wrapped else raw_env(setup, render_mode)


__all__ = ["SwdbgEnv", "swdbg_env"]
