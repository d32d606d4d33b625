"""The analysis board (``golem-solve board``, docs/board.md): a local web page to play,
analyse and follow a game of any registered game. Needs the ``board`` extra
(starlette, uvicorn); ``session`` holds the games, ``server`` the web app."""
