"""Tests of greenhouse_envs against a live env server: $GREENHOUSE_URL, or one started here (npm run serve)."""
