// FiveFoot player page. Reads the table's sync documents (Yjs, written only by the GM's app) and draws
// the map as the party knows it; sends small intents (move, end turn, roll) and awareness (pings).
// No build step: plain JavaScript over the committed vendor bundle (window.FiveFootSync).
"use strict";
(function () {
  const { Y, WebsocketProvider } = window.FiveFootSync;
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  let code = (params.get("code") || localStorage.getItem("ff.code") || "").toUpperCase();
  const wsBase = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  const SIDE_COLOURS = { party: "#3d7bd9", enemy: "#c83c3c", neutral: "#b9a23a" };
  const PING_MS = 6000;
  // a foe's health estimate (the projection's words) as a bar of a fixed share, never its HP
  const HEALTH_COLOURS = { unhurt: "#2f8f4e", hurt: "#9a8a1e", bloodied: "#c0561c", "near-death": "#b0222a", down: "#3a3a40" };
  const HEALTH_SHARE = { unhurt: 1, hurt: 0.7, bloodied: 0.4, "near-death": 0.15, down: 0.02 };

  let me = null; // {pid, key}
  let status = null; // the server's /api/status answer
  let tableDoc = null, meDoc = null, provider = null, meProvider = null, intents = null;
  let requestNo = 0;
  const pendingReplies = new Map();

  // ------------------------------------------------------------------ storage and requests

  function loadMe() {
    try { return JSON.parse(localStorage.getItem("ff.me." + code) || "null"); } catch (e) { return null; }
  }
  function saveMe(value) {
    if (value) localStorage.setItem("ff.me." + code, JSON.stringify(value));
    else localStorage.removeItem("ff.me." + code);
    localStorage.setItem("ff.code", code);
  }
  function auth() { return { code: code, pid: me ? me.pid : "", key: me ? me.key : "" }; }
  async function api(path, query) {
    try {
      const r = await fetch(path + "?" + new URLSearchParams(query), { cache: "no-store" });
      let body = {};
      try { body = await r.json(); } catch (e) { /* not JSON */ }
      return { ok: r.ok, status: r.status, body: body };
    } catch (e) {
      return { ok: false, status: 0, body: { error: "no connection to the table" } };
    }
  }

  // ------------------------------------------------------------------ joining

  function show(id) {
    $("join").classList.toggle("hidden", id !== "join");
    $("table").classList.toggle("hidden", id !== "table");
  }
  function joinMessage(text) { $("join-message").textContent = text || ""; }

  async function start() {
    me = code ? loadMe() : null;
    if (!code) return askCode();
    if (!me) return askSeat();
    const st = await api("/api/status", auth());
    if (st.status === 403) { saveMe(null); me = null; return askSeat(st.body.error); }
    if (!st.ok) { show("join"); joinMessage(st.body.error || "The table is not answering; retrying…"); return setTimeout(start, 3000); }
    return waitAdmitted(st.body);
  }

  function askCode(message) {
    show("join");
    $("code-form").classList.remove("hidden");
    $("seat-form").classList.add("hidden");
    $("code-input").value = code;
    joinMessage(message);
  }
  $("code-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    code = $("code-input").value.replace(/[^A-Za-z0-9]/g, "").toUpperCase();
    start();
  });

  async function askSeat(message) {
    const r = await api("/api/seats", { code: code });
    if (!r.ok) return askCode(r.body.error || "Wrong code");
    show("join");
    $("code-form").classList.add("hidden");
    $("seat-form").classList.remove("hidden");
    const list = $("seat-list");
    list.textContent = "";
    const choices = r.body.seats.concat([{ id: "", name: "Just watch" }]);
    choices.forEach((s, i) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "radio"; input.name = "seat"; input.value = s.id; input.checked = i === 0;
      input.style.width = "auto";
      label.append(input, " ", s.name);
      list.append(label);
    });
    joinMessage(message);
  }
  $("seat-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const chosen = document.querySelector("input[name=seat]:checked");
    const r = await api("/api/join", { code: code, name: $("name-input").value, seat: chosen ? chosen.value : "" });
    if (!r.ok) return joinMessage(r.body.error || "Couldn't join");
    me = { pid: r.body.pid, key: r.body.key };
    saveMe(me);
    waitAdmitted(r.body);
  });

  async function waitAdmitted(st) {
    status = st;
    if (st.status !== "admitted") {
      show("join");
      $("code-form").classList.add("hidden");
      $("seat-form").classList.add("hidden");
      joinMessage("Waiting for the GM to let you in…");
      setTimeout(async () => {
        const again = await api("/api/status", auth());
        if (again.status === 403) { saveMe(null); me = null; return askSeat("The GM removed you from the table."); }
        waitAdmitted(again.ok ? again.body : st);
      }, 1500);
      return;
    }
    connect();
  }

  // ------------------------------------------------------------------ the documents

  function connect() {
    show("table");
    resize();
    tableDoc = new Y.Doc();
    meDoc = new Y.Doc();
    const opts = { params: auth(), maxBackoffTime: 4000 };
    provider = new WebsocketProvider(wsBase, status.table, tableDoc, opts);
    meProvider = new WebsocketProvider(wsBase, status.me, meDoc, opts);
    provider.awareness.setLocalState({ user: { name: status.name } });
    provider.on("status", (e) => setConn(e.status));
    provider.on("connection-close", checkStillWelcome);
    meProvider.on("connection-close", () => {});
    tableDoc.on("update", scheduleDraw);
    meDoc.on("update", scheduleDraw);
    provider.awareness.on("change", scheduleDraw);
    openIntents();
    fitOnFirstData = true;
    scheduleDraw();
  }

  let checking = false;
  async function checkStillWelcome() {
    if (checking) return;
    checking = true;
    setTimeout(async () => {
      checking = false;
      const st = await api("/api/status", auth());
      if (st.status === 403) {
        disconnectAll();
        saveMe(null); me = null;
        askSeat("The GM removed you from the table, or made a new join code.");
      } else if (st.ok && st.body.epoch !== status.epoch) {
        location.reload(); // the GM restarted the table: load its current documents
      }
    }, 800);
  }

  function disconnectAll() {
    [provider, meProvider].forEach((p) => { if (p) p.destroy(); });
    provider = meProvider = null;
    if (intents) { intents.onclose = null; intents.close(); intents = null; }
  }

  function setConn(text) {
    const el = $("conn");
    el.textContent = text === "connected" ? "connected" : text === "connecting" ? "connecting…" : "offline";
    el.className = text === "connected" ? "ok" : "bad";
  }

  function openIntents() {
    intents = new WebSocket(wsBase + "/intents?" + new URLSearchParams(auth()));
    intents.onmessage = (ev) => {
      let answer;
      try { answer = JSON.parse(ev.data); } catch (e) { return; }
      toast(answer.text, !answer.ok);
      pendingReplies.delete(answer.id);
    };
    intents.onclose = () => { intents = null; setTimeout(() => { if (provider) openIntents(); }, 2000); };
  }

  function send(intent) {
    if (!intents || intents.readyState !== WebSocket.OPEN) { toast("Not connected to the table", true); return; }
    intent.id = ++requestNo;
    pendingReplies.set(intent.id, intent);
    intents.send(JSON.stringify(intent));
  }

  let toastTimer = null;
  function toast(text, bad) {
    const el = $("toast");
    el.textContent = text || "";
    el.className = bad ? "bad" : "";
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => el.classList.add("hidden"), 4000);
  }

  function parsed(map, key) {
    const v = map.get(key);
    if (typeof v !== "string") return null;
    try { return JSON.parse(v); } catch (e) { return null; }
  }

  function readTable() {
    if (!tableDoc) return null;
    const header = parsed(tableDoc.getMap("view"), "header");
    if (!header) return null;
    const masks = tableDoc.getMap("masks");
    const tokens = [];
    tableDoc.getMap("tokens").forEach((v) => { try { tokens.push(JSON.parse(v)); } catch (e) { /* skip */ } });
    const areas = [];
    tableDoc.getMap("areas").forEach((v) => { try { areas.push(JSON.parse(v)); } catch (e) { /* skip */ } });
    const log = tableDoc.getArray("log").toArray().map((v) => { try { return JSON.parse(v); } catch (e) { return null; } }).filter(Boolean);
    return {
      header: header,
      visible: bits(masks.get("visible"), header.width * header.height),
      explored: bits(masks.get("explored"), header.width * header.height),
      tokens: tokens,
      markers: parsed(tableDoc.getMap("markers"), "list") || [],
      areas: areas,
      template: parsed(tableDoc.getMap("view"), "template"),
      initiative: parsed(tableDoc.getMap("initiative"), "list") || [],
      log: log,
    };
  }

  function bits(b64, n) {
    const out = new Uint8Array(n);
    if (typeof b64 !== "string") return out;
    const raw = atob(b64);
    for (let i = 0; i < n; i++) {
      const byte = raw.charCodeAt(i >> 3) || 0;
      out[i] = (byte >> (7 - (i & 7))) & 1;
    }
    return out;
  }

  // ------------------------------------------------------------------ drawing

  const canvas = $("map");
  const ctx = canvas.getContext("2d");
  const view = { scale: 40, x: 0, y: 0 }; // pixels a square, top-left corner in squares
  let fitOnFirstData = true;
  let drawQueued = false;
  let picture = { url: null, img: null };
  let data = null;
  window.fivefoot = { get data() { return data; }, view: view, get status() { return status; }, draws: 0, errors: [] };
  // what went wrong in the page, for a look from the browser's console (and the browser tests)
  window.addEventListener("error", (e) => window.fivefoot.errors.push(String(e.message)));
  window.addEventListener("unhandledrejection", (e) => window.fivefoot.errors.push(String(e.reason)));

  function scheduleDraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => { drawQueued = false; draw(); });
  }

  function resize() {
    const r = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(r.width * dpr));
    canvas.height = Math.max(1, Math.round(r.height * dpr));
    scheduleDraw();
  }
  window.addEventListener("resize", resize);
  if (window.ResizeObserver) new ResizeObserver(resize).observe(canvas);

  function fit() {
    if (!data) return;
    const { width, height } = data.header;
    let x0 = width, y0 = height, x1 = -1, y1 = -1;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (data.visible[i] || data.explored[i]) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
    }
    if (x1 < 0) { x0 = 0; y0 = 0; x1 = width - 1; y1 = height - 1; }
    const w = canvas.width, h = canvas.height;
    view.scale = Math.max(4, Math.min(w / (x1 - x0 + 2), h / (y1 - y0 + 2)));
    view.x = (x0 + x1 + 1) / 2 - w / view.scale / 2;
    view.y = (y0 + y1 + 1) / 2 - h / view.scale / 2;
    scheduleDraw();
  }
  $("btn-fit").addEventListener("click", fit);

  // Portraits by address (each fetched once; the address names the picture's content). A token without
  // one, or whose picture hasn't arrived yet, shows its initials.
  const portraits = new Map();
  function portrait(url) {
    if (!url) return null;
    let entry = portraits.get(url);
    if (!entry) {
      entry = { img: new Image(), ready: false };
      entry.img.onload = () => { entry.ready = true; scheduleDraw(); };
      entry.img.src = url + "?" + new URLSearchParams(auth());
      portraits.set(url, entry);
    }
    return entry.ready ? entry.img : null;
  }

  function ensurePicture(p) {
    const url = p ? p.url : null;
    if (url === picture.url) return;
    picture = { url: url, img: null };
    if (!url) return;
    const img = new Image();
    img.onload = () => { if (picture.url === url) { picture.img = img; scheduleDraw(); } };
    img.src = url + "?" + new URLSearchParams(auth());
  }

  function draw() {
    window.fivefoot.draws++;
    data = readTable();
    const w = canvas.width, h = canvas.height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#000";
    ctx.fillRect(0, 0, w, h);
    drawPanels();
    if (!data) return;
    if (canvas.width <= 1) { resize(); return; }
    if (fitOnFirstData) { fitOnFirstData = false; fit(); }
    const { width, height, fog } = data.header;
    ensurePicture(data.header.picture);
    const s = view.scale;
    ctx.setTransform(s, 0, 0, s, -view.x * s, -view.y * s);
    // map picture (unknown squares already black in it) or a plain floor
    if (picture.img) ctx.drawImage(picture.img, 0, 0, width, height);
    else {
      ctx.fillStyle = "#5b5246";
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (data.visible[i] || data.explored[i]) ctx.fillRect(x, y, 1, 1);
      }
    }
    // grid
    ctx.strokeStyle = "rgba(0,0,0,.35)";
    ctx.lineWidth = 1 / s;
    ctx.beginPath();
    for (let x = 0; x <= width; x++) { ctx.moveTo(x, 0); ctx.lineTo(x, height); }
    for (let y = 0; y <= height; y++) { ctx.moveTo(0, y); ctx.lineTo(width, y); }
    ctx.stroke();
    // areas
    data.areas.forEach((a) => {
      ctx.fillStyle = a.colour || "#ff7828";
      ctx.globalAlpha = 0.35;
      a.cells.forEach((c) => ctx.fillRect(c[0], c[1], 1, 1));
      ctx.globalAlpha = 1;
    });
    // the spell area the GM is aiming (dashed) or has just cast (solid)
    if (data.template && data.template.cells) {
      const t = data.template;
      ctx.fillStyle = "#ff7a2f";
      ctx.globalAlpha = t.cast ? 0.45 : 0.28;
      t.cells.forEach((c) => ctx.fillRect(c[0], c[1], 1, 1));
      ctx.globalAlpha = 1;
      ctx.strokeStyle = "#ff7a2f";
      ctx.lineWidth = 2 / s;
      if (!t.cast) ctx.setLineDash([6 / s, 4 / s]);
      t.cells.forEach((c) => ctx.strokeRect(c[0], c[1], 1, 1));
      ctx.setLineDash([]);
    }
    // fog: unknown black, explored but not seen now dimmed
    if (fog) {
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (data.visible[i]) continue;
        ctx.fillStyle = data.explored[i] ? "rgba(0,0,0,.55)" : "#000";
        ctx.fillRect(x - 0.01, y - 0.01, 1.02, 1.02);
      }
    }
    const current = (data.initiative.find((e) => e.current) || {}).id;
    const mySeat = status ? status.seat : null;
    // hidden creatures: a "?" on their space
    data.markers.forEach((cells) => {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      cells.forEach((c) => { x0 = Math.min(x0, c[0]); y0 = Math.min(y0, c[1]); x1 = Math.max(x1, c[0] + 1); y1 = Math.max(y1, c[1] + 1); });
      const r = (x1 - x0) / 2;
      circle((x0 + x1) / 2, (y0 + y1) / 2, r * 0.8, "rgba(90,90,90,.85)", "#ddd", 0.06);
      label("?", (x0 + x1) / 2, (y0 + y1) / 2, r * 1.1, "#fff");
    });
    // tokens
    data.tokens.forEach((t) => {
      const n = t.squares || 1;
      const cx = t.cell[0] + n / 2, cy = t.cell[1] + n / 2;
      const fill = SIDE_COLOURS[t.side] || (t.pc ? SIDE_COLOURS.party : SIDE_COLOURS.neutral);
      const ring = t.id === current ? "#ffcc33" : t.id === mySeat ? "#ffffff" : "#111";
      circle(cx, cy, n * 0.42, fill, ring, t.id === current || t.id === mySeat ? 0.1 : 0.05);
      const face = portrait(t.portrait);
      if (face) {
        // the creature's portrait inside its ring (the ring, drawn again, keeps the turn's colour)
        ctx.save();
        ctx.beginPath(); ctx.arc(cx, cy, n * 0.42 - 0.03, 0, Math.PI * 2); ctx.clip();
        ctx.drawImage(face, cx - n * 0.42, cy - n * 0.42, n * 0.84, n * 0.84);
        ctx.restore();
        ctx.beginPath(); ctx.arc(cx, cy, n * 0.42, 0, Math.PI * 2);
        ctx.lineWidth = t.id === current || t.id === mySeat ? 0.1 : 0.05; ctx.strokeStyle = ring; ctx.stroke();
      } else {
        label(initials(t.name), cx, cy, n * 0.42, "#fff");
      }
      if (t.hp !== null && t.max_hp) {
        ctx.fillStyle = "#400"; ctx.fillRect(t.cell[0] + 0.1, t.cell[1] + n - 0.14, n - 0.2, 0.1);
        ctx.fillStyle = "#4c4"; ctx.fillRect(t.cell[0] + 0.1, t.cell[1] + n - 0.14, (n - 0.2) * Math.max(0, Math.min(1, t.hp / t.max_hp)), 0.1);
      }
      // the number on the miniature's base, and how hurt a foe looks (its HP is never sent)
      if (t.number !== null && t.number !== undefined) {
        circle(t.cell[0] + 0.18, t.cell[1] + n - 0.18, 0.16, "#fbfbf6", "#111", 0.03);
        label(String(t.number), t.cell[0] + 0.18, t.cell[1] + n - 0.17, 0.2, "#111");
      }
      if (t.health && HEALTH_COLOURS[t.health]) {
        ctx.fillStyle = HEALTH_COLOURS[t.health];
        ctx.fillRect(t.cell[0] + 0.1, t.cell[1] + n - 0.14, (n - 0.2) * HEALTH_SHARE[t.health], 0.1);
      }
    });
    // pings (awareness of every player, the local one too)
    const now = Date.now();
    let ringing = false;
    if (provider) {
      provider.awareness.getStates().forEach((st) => {
        const p = st && st.ping;
        if (!p || now - p.t > PING_MS || now < p.t - 60000) return;
        ringing = true;
        const age = Math.max(0, (now - p.t) / PING_MS);
        ctx.strokeStyle = "rgba(255,210,60," + (1 - age) + ")";
        ctx.lineWidth = 0.12;
        for (const k of [0, 0.5]) {
          const r = 0.3 + ((age * 3 + k) % 1) * 1.2;
          ctx.beginPath(); ctx.arc(p.x + 0.5, p.y + 0.5, r, 0, Math.PI * 2); ctx.stroke();
        }
        if (st.user && st.user.name) label(st.user.name, p.x + 0.5, p.y - 0.35, 0.6, "#ffd23c");
      });
    }
    if (ringing) scheduleDraw();
  }

  function circle(x, y, r, fill, stroke, width) {
    ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = fill; ctx.fill();
    ctx.lineWidth = width; ctx.strokeStyle = stroke; ctx.stroke();
  }
  // Text is drawn in the canvas's own pixels, not in squares: at a font size below a pixel (a square is one
  // unit of the map's transform) Firefox places the "middle" baseline by the rounded metrics of a tiny font
  // and the letters sink below their token's centre; Chromium scales them. In pixels both agree.
  function label(text, x, y, size, colour) {
    const m = ctx.getTransform();
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = colour; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.font = "bold " + Math.max(6, size * 0.8 * m.a).toFixed(1) + "px system-ui, sans-serif";
    ctx.fillText(text, m.a * x + m.e, m.d * y + m.f);
    ctx.restore();
  }
  function initials(name) {
    const words = String(name || "?").split(/\s+/).filter(Boolean);
    return (words.length > 1 ? words[0][0] + words[1][0] : String(name || "?").slice(0, 2)).toUpperCase();
  }

  // ------------------------------------------------------------------ panels

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  let lastLogN = -1;
  function drawPanels() {
    const list = $("initiative");
    list.textContent = "";
    if (data) {
      $("round").textContent = data.header.round ? "Round " + data.header.round : "No encounter running";
      data.initiative.forEach((e) => list.append(el("li", e.name, e.current ? "current" : "")));
      const log = $("log");
      const newest = data.log.length ? data.log[data.log.length - 1].n : -1;
      if (newest !== lastLogN) {
        lastLogN = newest;
        log.textContent = "";
        data.log.slice().reverse().forEach((entry) => log.append(el("li", entry.text)));
      }
    }
    drawSheet();
  }

  const openTexts = new Set(); // the spells whose rules text the player unfolded
  let shownSheet = null;
  function drawSheet() {
    const box = $("tab-me");
    const raw = meDoc ? [meDoc.getMap("me").get("sheet"), meDoc.getMap("me").get("pending"), status && status.seat] : null;
    const key = JSON.stringify(raw);
    if (key === shownSheet) return; // unchanged: keep the panel as the player left it (scroll, open texts)
    shownSheet = key;
    box.textContent = "";
    const sheet = meDoc ? parsed(meDoc.getMap("me"), "sheet") : null;
    const pending = meDoc ? parsed(meDoc.getMap("me"), "pending") : null;
    $("btn-end").disabled = !(sheet && sheet.my_turn);
    if (!sheet) {
      box.append(el("p", status && status.seat ? "Your character is not on the map." : "You are watching the table."));
      return;
    }
    box.append(el("h2", sheet.name));
    if (sheet.my_turn) {
      const turn = el("p", "Your turn", "chip");
      box.append(turn);
      if (sheet.actions_left !== null) box.append(el("span", " actions left: " + sheet.actions_left));
      if (sheet.movement_left !== null) box.append(el("span", " · movement left: " + sheet.movement_left + " ft"));
    }
    if (sheet.hp !== null) {
      const hp = el("div", "HP " + sheet.hp + (sheet.max_hp ? " / " + sheet.max_hp : "") + (sheet.temp_hp ? "  (+" + sheet.temp_hp + " temp)" : ""), "hp");
      box.append(hp);
      if (sheet.max_hp) {
        const bar = el("div", null, "hpbar"); const fill = el("div");
        fill.style.width = Math.max(0, Math.min(100, (100 * sheet.hp) / sheet.max_hp)) + "%";
        bar.append(fill); box.append(bar);
      }
    }
    const row = el("div", null, "row");
    if (sheet.ac !== null) row.append(el("span", "AC " + sheet.ac));
    row.append(el("span", "Speed " + sheet.speed + " ft"));
    if (sheet.counter_value !== null && sheet.counter_value !== undefined) {
      row.append(el("span", sheet.counter + ": " + (typeof sheet.counter_value === "boolean" ? (sheet.counter_value ? "yes" : "no") : sheet.counter_value)));
    }
    box.append(row);
    if (sheet.dying.length) box.append(el("p", sheet.dying.map((d) => d[0] + " " + d[1]).join(" · "), "dying"));
    if (sheet.death_saves && (sheet.hp === 0 || sheet.death_saves[0] || sheet.death_saves[1])) {
      box.append(el("p", "Death saves: " + sheet.death_saves[0] + " successes, " + sheet.death_saves[1] + " failures", "dying"));
    }
    if (sheet.conditions.length) {
      box.append(el("h3", "Conditions"));
      const chips = el("div");
      sheet.conditions.forEach((c) => {
        const chip = el("span", c.name + (c.value !== null ? " " + c.value : ""), "chip");
        if (c.lasts) { chip.append(" "); chip.append(el("small", c.lasts)); }
        chips.append(chip);
      });
      box.append(chips);
    }
    if (sheet.attacks.length) {
      box.append(el("h3", "Attacks"));
      const ul = el("ul", null, "plain");
      sheet.attacks.forEach((a) => ul.append(el("li", a.name + " " + (a.bonus >= 0 ? "+" : "−") + Math.abs(a.bonus) + (a.damage ? " · " + a.damage : "") + (a.traits.length ? " (" + a.traits.join(", ") + ")" : ""))));
      box.append(ul);
    }
    if (sheet.spells.length || sheet.slots.length || sheet.focus) drawSpells(box, sheet);
    if (pending) box.append(el("p", pending + " — waiting for the GM", "chip"));
    const stats = $("roll-stats");
    stats.textContent = "";
    sheet.attacks.concat(sheet.spells.filter((s) => s.attack)).forEach((a) => { const o = document.createElement("option"); o.value = a.name; stats.append(o); });
  }

  function signed(n) { return (n >= 0 ? "+" : "−") + Math.abs(n); }

  // A pool of slots or points: filled pips for what is left, hollow ones for what is spent.
  function pool(label, left, most) {
    const box = el("span", null, "pool");
    const said = left + " of " + most + " left";
    box.title = label + ": " + said;
    box.setAttribute("aria-label", box.title);
    box.append(el("span", label + " "));
    box.append(el("span", most <= 10 ? "●".repeat(left) + "○".repeat(Math.max(0, most - left)) : left + "/" + most, "pips"));
    return box;
  }

  // The character's spells and abilities: the pools (slots by level, Focus Points), then one entry a spell
  // with its level, cost, one line of what it does, the uses left, and its rules text folded away.
  function drawSpells(box, sheet) {
    box.append(el("h3", "Spells"));
    const pools = el("div", null, "row pools");
    if (sheet.spell_dc !== null && sheet.spell_dc !== undefined) pools.append(el("span", "DC " + sheet.spell_dc));
    if (sheet.spell_attack !== null && sheet.spell_attack !== undefined) pools.append(el("span", "attack " + signed(sheet.spell_attack)));
    sheet.slots.forEach((s) => pools.append(pool(s.label, s.left, s.max)));
    if (sheet.focus) pools.append(pool("Focus", sheet.focus.left, sheet.focus.max));
    if (pools.childNodes.length) box.append(pools);
    const ul = el("ul", null, "plain spells");
    sheet.spells.forEach((s) => {
      const li = el("li", null, "spell" + (s.ready ? "" : " spent"));
      const head = el("div", null, "spell-head");
      head.append(el("b", s.name), el("span", s.level_text, "tag"));
      if (s.cost) head.append(el("span", s.cost, "cost"));
      li.append(head);
      if (s.summary) li.append(el("div", s.summary, "spell-line"));
      if (s.uses) li.append(el("div", s.uses, "spell-uses"));
      if (s.text) {
        const more = el("details");
        more.append(el("summary", "Rules text"), el("p", s.text));
        more.open = openTexts.has(s.name);
        more.addEventListener("toggle", () => { if (more.open) openTexts.add(s.name); else openTexts.delete(s.name); });
        li.append(more);
      }
      ul.append(li);
    });
    box.append(ul);
  }

  $("tabs").addEventListener("click", (ev) => {
    const tab = ev.target.dataset && ev.target.dataset.tab;
    if (!tab) return;
    document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("on", b.dataset.tab === tab));
    document.querySelectorAll(".tab").forEach((t) => t.classList.toggle("on", t.id === "tab-" + tab));
  });

  // ------------------------------------------------------------------ gestures: pan, pinch, tap

  let mode = "ping";
  function setMode(m) {
    mode = m;
    $("mode-ping").classList.toggle("on", m === "ping");
    $("mode-move").classList.toggle("on", m === "move");
  }
  $("mode-ping").addEventListener("click", () => setMode("ping"));
  $("mode-move").addEventListener("click", () => setMode("move"));
  $("btn-end").addEventListener("click", () => send({ type: "end_turn" }));
  $("btn-roll").addEventListener("click", () => $("roll-dialog").showModal());
  $("roll-form").addEventListener("submit", () => {
    if ($("roll-dialog").returnValue === "cancel") return;
    const total = $("roll-total").value.trim();
    send({ type: "roll", what: $("roll-what").value, stat: $("roll-stat").value, total: total === "" ? null : parseInt(total, 10) });
    $("roll-total").value = "";
  });
  $("roll-ok").addEventListener("click", () => { $("roll-dialog").returnValue = "ok"; });

  const pointers = new Map();
  let gesture = null;
  function toCell(clientX, clientY) {
    const r = canvas.getBoundingClientRect();
    const dpr = canvas.width / r.width;
    return [Math.floor(view.x + ((clientX - r.left) * dpr) / view.scale), Math.floor(view.y + ((clientY - r.top) * dpr) / view.scale)];
  }
  canvas.addEventListener("pointerdown", (ev) => {
    canvas.setPointerCapture(ev.pointerId);
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    gesture = { moved: false, start: { x: ev.clientX, y: ev.clientY }, view: { ...view }, pinch: pointers.size === 2 ? pinchState() : null };
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!pointers.has(ev.pointerId) || !gesture) return;
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    const r = canvas.getBoundingClientRect();
    const dpr = canvas.width / r.width;
    if (pointers.size === 2 && gesture.pinch) {
      const now = pinchState();
      const k = now.d / gesture.pinch.d;
      const s0 = gesture.view.scale;
      const s1 = Math.max(4, Math.min(200, s0 * k));
      const mx = (gesture.pinch.cx - r.left) * dpr, my = (gesture.pinch.cy - r.top) * dpr;
      const wx = gesture.view.x + mx / s0, wy = gesture.view.y + my / s0;
      view.scale = s1;
      view.x = wx - ((now.cx - r.left) * dpr) / s1;
      view.y = wy - ((now.cy - r.top) * dpr) / s1;
      gesture.moved = true;
    } else if (pointers.size === 1) {
      const dx = ev.clientX - gesture.start.x, dy = ev.clientY - gesture.start.y;
      if (Math.abs(dx) + Math.abs(dy) > 6) gesture.moved = true;
      if (gesture.moved) {
        view.x = gesture.view.x - (dx * dpr) / view.scale;
        view.y = gesture.view.y - (dy * dpr) / view.scale;
      }
    }
    scheduleDraw();
  });
  function endPointer(ev) {
    if (!pointers.has(ev.pointerId)) return;
    pointers.delete(ev.pointerId);
    if (gesture && !gesture.moved && pointers.size === 0 && ev.type === "pointerup") tap(ev.clientX, ev.clientY);
    if (pointers.size === 0) gesture = null;
    else if (gesture) gesture = { moved: true, start: [...pointers.values()][0], view: { ...view }, pinch: null };
  }
  canvas.addEventListener("pointerup", endPointer);
  canvas.addEventListener("pointercancel", endPointer);
  function pinchState() {
    const [a, b] = [...pointers.values()];
    return { d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2 };
  }
  canvas.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = canvas.getBoundingClientRect();
    const dpr = canvas.width / r.width;
    const mx = (ev.clientX - r.left) * dpr, my = (ev.clientY - r.top) * dpr;
    const wx = view.x + mx / view.scale, wy = view.y + my / view.scale;
    view.scale = Math.max(4, Math.min(200, view.scale * Math.exp(-ev.deltaY * 0.0015)));
    view.x = wx - mx / view.scale; view.y = wy - my / view.scale;
    scheduleDraw();
  }, { passive: false });

  function tap(clientX, clientY) {
    if (!data) return;
    const [x, y] = toCell(clientX, clientY);
    if (x < 0 || y < 0 || x >= data.header.width || y >= data.header.height) return;
    if (mode === "move") { send({ type: "move", stops: [[x, y]] }); setMode("ping"); return; }
    ping(x, y);
  }
  function ping(x, y) {
    if (!provider) return;
    provider.awareness.setLocalStateField("ping", { x: x, y: y, t: Date.now() });
    scheduleDraw();
  }
  window.fivefoot.ping = ping;
  window.fivefoot.redraw = scheduleDraw;
  window.fivefoot.send = send;

  resize();
  start();
})();
