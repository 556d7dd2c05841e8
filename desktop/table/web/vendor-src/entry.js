// The one global the player page uses: window.FiveFootSync = { Y, WebsocketProvider, awareness }.
import * as Y from "yjs";
import { WebsocketProvider } from "y-websocket";
import * as awareness from "y-protocols/awareness";

window.FiveFootSync = { Y, WebsocketProvider, awareness };
