"""Dalbula's behaviour registry: a layer on onuw's (``BehaviourRegistry.layered``); ``roles`` registers the
behaviours that differ."""

from __future__ import annotations

from ..behaviours import BehaviourRegistry
from ..onuw.roles import BEHAVIOURS as ONUW_BEHAVIOURS

BEHAVIOURS = BehaviourRegistry.layered("dalbula", ONUW_BEHAVIOURS)
