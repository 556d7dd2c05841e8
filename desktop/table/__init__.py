"""Hosting players: the GM's app serves a browser player view to the players' own devices.

* `seats` — the join code, the players (id, secret, seat) and the GM's options, kept in the data folder;
* `sync_docs` — the CRDT documents (pycrdt, Yjs-compatible) built from the player projection only;
* `picture` — the map picture with every unknown square black;
* `awareness` — the players' pointers and pings, checked;
* `server` — one port: the page over HTTP, the documents and intents over WebSocket, on its own thread;
* `host` — the server tied to the open document; intents become engine commands;
* `panel`, `features` — the GM's table panel and the Table menu;
* `web/` — the player page (plain HTML, CSS and JavaScript) and its vendor bundle (Yjs, y-websocket).
"""
