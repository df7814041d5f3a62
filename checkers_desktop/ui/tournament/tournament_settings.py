"""The tournament's settings, kept with the app's others (``ui/settings.py``'s ``QSettings``):
the server's address (never its password: that is in the keyring) and the tournament opened last,
which is opened again when the app starts."""

from __future__ import annotations

from ..settings import SettingSpec

__all__ = ["SERVER_URL", "LAST_TOURNAMENT", "SERVER_CHOICE", "TOURNAMENT_SPECS"]

SERVER_URL = SettingSpec("tournament/server_url", str, "",
                         "The tournament server's address, postgresql+psycopg://USER@HOST:PORT/"
                         "DATABASE, without its password (Settings, Tournament server).")
LAST_TOURNAMENT = SettingSpec("tournament/last", str, "",
                              "The tournament opened last: a file path, or \"server\" for the "
                              "tournament server; opened again when the app starts (empty: "
                              "none).")
SERVER_CHOICE = "server"
"""The value of :data:`LAST_TOURNAMENT` meaning the server of :data:`SERVER_URL`."""
TOURNAMENT_SPECS = (SERVER_URL, LAST_TOURNAMENT)
