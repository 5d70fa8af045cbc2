"""Castell rules engine."""
