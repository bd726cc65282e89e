// 法律咨询: the live workspace of one chat session over /ws/chat/<id>/.
//
// Sends {"type": "ask", "content"}; receives the turn's events (ARCHITECTURE §5), each with seq and
// turn_id. On (re)connect the server replays the events of the turn in flight (after the last seq
// shown of the turn we follow: ?turn=<id>&after=<seq>), and events are de-duplicated by (turn_id, seq). Tokens stream as plain text; on `final` the message is replaced
// by its server-rendered HTML (/chat/<id>/messages/<mid>/) and the analysis panel by the server's
// (/chat/<id>/messages/<mid>/analysis/), so a reload shows exactly what the live page showed.
// The timeline rules mirror chat/views.py:timeline().
(function () {
  "use strict";

  // Confirmation for destructive forms (both chat pages).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  }, true);

  var configEl = document.getElementById("chat-config");
  if (!configEl) return;
  var cfg = JSON.parse(configEl.textContent);
  var L = cfg.labels;

  var log = document.getElementById("chat-log");
  var form = document.getElementById("composer");
  var box = document.getElementById("question");
  var sendButton = document.getElementById("send");
  var hint = document.getElementById("composer-hint");
  var wsState = document.getElementById("ws-state");
  var slot = document.getElementById("analysis-slot");
  var emptyChat = document.getElementById("empty-chat");
  var DEFAULT_HINT = "回答基于现行法律法规，仅供参考";

  var turns = {};          // turn_id -> turn
  var current = null;      // the turn in flight (ours or one started elsewhere)
  var pendingAsk = null;   // text sent, waiting for "accepted"
  var socket = null;
  var retry = 0;
  var lastMessageAt = Date.now();
  var ticker = null;

  // ---------------------------------------------------------------- helpers
  function esc(value) {
    return String(value == null ? "" : value).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function label(map, key) { return (map && map[key]) || key || ""; }
  function urlFor(template, id) { return template.replace("/messages/0/", "/messages/" + encodeURIComponent(id) + "/"); }
  function tsMs(ts) { var t = Date.parse(ts); return isNaN(t) ? null : t; }
  function fmtDuration(ms) {
    if (ms == null || isNaN(ms)) return "";
    if (ms < 1) return "<1 ms";
    if (ms < 1000) return Math.round(ms) + " ms";
    if (ms < 60000) return (ms / 1000).toFixed(1) + " s";
    return (ms / 60000).toFixed(1) + " min";
  }
  function num(value) { var n = Number(value); return isNaN(n) ? String(value) : String(n); }
  function nearBottom() { return log.scrollHeight - log.scrollTop - log.clientHeight < 120; }
  function scrollDown(force) { if (force || nearBottom()) log.scrollTop = log.scrollHeight; }
  function fromHtml(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    return template.content;
  }
  function setHint(text, isError) {
    hint.textContent = text;
    hint.classList.toggle("error", !!isError);
  }
  function setRunning(on) {
    box.disabled = on;
    sendButton.disabled = on;
    if (!on) { setHint(DEFAULT_HINT); box.focus(); }
  }
  function setWs(state, text) {
    if (!wsState) return;
    wsState.dataset.state = state;
    wsState.textContent = text;
  }

  // ---------------------------------------------------------------- turns
  function newTurn(turnId, messageId, element) {
    var turn = { turnId: turnId, messageId: messageId, el: element, events: [], seqs: new Set(), tokens: 0,
                 finished: false, foreign: false, skew: Infinity };
    if (turnId) turns[turnId] = turn;
    return turn;
  }

  function placeholder(messageId) {
    var el = fromHtml(
      '<article class="msg assistant pending" data-status="pending" aria-label="回答（生成中）">' +
      '<div class="msg-head"><span class="who">法律助手</span><span class="phase" data-role="phase">' +
      '<span class="spinner" aria-hidden="true"></span><span data-role="phase-text">排队中…</span></span></div>' +
      '<div class="answer-stream" data-role="stream" aria-live="polite" aria-label="正在生成的回答"></div>' +
      "</article>").firstElementChild;
    if (messageId) { el.id = "msg-" + messageId; el.dataset.messageId = messageId; }
    log.appendChild(el);
    if (emptyChat) emptyChat.classList.add("hidden");
    return el;
  }

  function questionBubble(id, text) {
    var now = new Date();
    var clock = ("0" + (now.getMonth() + 1)).slice(-2) + "-" + ("0" + now.getDate()).slice(-2) + " " +
      ("0" + now.getHours()).slice(-2) + ":" + ("0" + now.getMinutes()).slice(-2);
    var paragraphs = text.split(/\n{2,}/).map(function (p) { return "<p>" + esc(p).replace(/\n/g, "<br>") + "</p>"; });
    var el = fromHtml('<article class="msg user" aria-label="提问"><div class="msg-head"><span class="who">提问</span>' +
      "<time>" + clock + '</time></div><div class="md">' + paragraphs.join("") + "</div></article>").firstElementChild;
    el.id = "msg-" + id;
    el.dataset.messageId = id;
    log.appendChild(el);
    if (emptyChat) emptyChat.classList.add("hidden");
  }

  function turnFor(event) {
    var id = event.turn_id;
    if (!id) return null;
    if (turns[id]) return turns[id];
    if (current && !current.turnId && !current.finished) {   // the first event of the turn we asked
      current.turnId = id;
      turns[id] = current;
      return current;
    }
    if (current && current.turnId === id) return current;
    // A turn started in another window or by an API client: follow it too.
    var turn = newTurn(id, null, placeholder(null));
    turn.foreign = true;
    current = turn;
    setRunning(true);
    setHint("另一窗口发起的提问正在回答，请稍候…");
    return turn;
  }

  function setPhase(turn, text) {
    if (!turn.el) return;
    var phase = turn.el.querySelector("[data-role=phase-text]");
    if (phase) phase.textContent = text;
  }

  function handle(event) {
    lastMessageAt = Date.now();
    switch (event.type) {
      case "ping": case "pong": return;
      case "accepted": return accepted(event);
    }
    if (!event.turn_id) {                                   // a refusal of our ask
      if (event.type === "error") refused(event);
      return;
    }
    var turn = turnFor(event);
    if (!turn) return;
    var seq = Number(event.seq || 0);
    if (seq) {
      if (turn.seqs.has(seq)) return;                       // replayed on reconnect: already shown
      turn.seqs.add(seq);
    }
    var at = tsMs(event.ts);
    if (at != null) turn.skew = Math.min(turn.skew, Date.now() - at);
    turn.events.push(event);
    if (turn.finished) return;
    if (turn.el && turn.el.dataset.status === "pending") turn.el.dataset.status = "running";
    startLivePanel(turn);

    switch (event.type) {
      case "status":
        if (event.phase === "done") { finish(turn); return; }
        setPhase(turn, event.text || event.phase);
        break;
      case "token":
        turn.tokens += 1;
        log.dataset.tokensReceived = String(turn.tokens);
        var stream = turn.el && turn.el.querySelector("[data-role=stream]");
        if (stream) {
          var follow = nearBottom();
          stream.textContent += event.delta || "";
          if (follow) scrollDown(true);
        }
        break;
      case "final":
        if (event.message_id) turn.messageId = event.message_id;
        finish(turn);
        return;
      case "error":
        if (event.code !== "tool_failed") {
          if (event.message_id) turn.messageId = event.message_id;
          setPhase(turn, event.message || "回答失败");
        }
        break;
    }
    scheduleRender(turn);
  }

  function accepted(event) {
    if (pendingAsk == null) return;
    questionBubble(event.question_id, pendingAsk);
    var title = document.querySelector(".chat-title h1");
    if (title && cfg.untitled) {            // an untitled session takes its first question as title (services.turn_create)
      cfg.untitled = false;
      title.textContent = pendingAsk.slice(0, 40);
      var here = document.querySelector(".session-list a.active .s-title");
      if (here) here.textContent = pendingAsk.slice(0, 40);
    }
    pendingAsk = null;
    setHint("正在回答，请稍候…");
    box.value = "";
    current = newTurn(null, event.message_id, placeholder(event.message_id));
    setPhase(current, "排队中");
    scrollDown(true);
  }

  function refused(event) {
    if (pendingAsk == null) { setHint(event.message || "出错了", true); return; }
    box.value = pendingAsk;
    pendingAsk = null;
    setRunning(false);
    setHint(event.message || "提问未被接受", true);
  }

  function finish(turn) {
    if (turn.finished) return;
    turn.finished = true;
    render(turn);
    stopTicker();
    if (!turn.messageId) { setRunning(false); return; }
    var url = urlFor(cfg.messageUrl, turn.messageId) + (turn.foreign ? "?turn=1" : "");
    fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) { swapMessage(turn, html); })
      .catch(function () { setPhase(turn, "回答已完成，请刷新页面查看"); })
      .then(function () {
        if (current === turn) current = null;
        setRunning(false);
        loadAnalysis(turn.messageId);
      });
  }

  function announce(text) {
    var announcer = document.getElementById("chat-announcer");
    if (announcer) announcer.textContent = text;
  }

  function swapMessage(turn, html) {
    var fragment = fromHtml(html);
    var answer = fragment.querySelector("article.assistant");
    if (answer && turn.tokens) answer.dataset.streamedTokens = String(turn.tokens);
    var follow = nearBottom();
    if (turn.el && turn.el.parentNode) turn.el.replaceWith(fragment);
    else log.appendChild(fragment);
    turn.el = answer;
    if (follow) scrollDown(true);
    announce(answer && answer.dataset.status === "error" ? "回答失败，可以重试" : "回答已完成，可在下方评价");
  }

  // Called after every (re)connect: a turn that finished while we were away is not replayed.
  function resync() {
    var turn = current;
    if (!turn || turn.finished || !turn.messageId) return;
    fetch(urlFor(cfg.messageUrl, turn.messageId), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html || turn.finished) return;
        var status = (fromHtml(html).querySelector("article") || { dataset: {} }).dataset.status;
        if (status === "complete" || status === "error") finish(turn);
      })
      .catch(function () { /* the socket will deliver it */ });
  }

  // ---------------------------------------------------------------- analysis panel
  function panel() { return document.getElementById("analysis"); }
  function section(name) { var p = panel(); return p && p.querySelector("[data-section=" + name + "]"); }

  function startLivePanel(turn) {
    var p = panel();
    if (!p || p.dataset.live === turn.turnId) return;
    p.dataset.live = turn.turnId;
    p.dataset.turnId = turn.turnId;
    var caption = p.querySelector("[data-role=analysis-caption]");
    if (caption) caption.textContent = "本轮进行中";
    var waiting = '<li class="muted placeholder">回答完成后显示。</li>';
    if (section("sources")) section("sources").innerHTML = waiting;
    if (section("citations")) section("citations").innerHTML = waiting;
    var critic = p.querySelector("[data-role=critic]");
    if (critic) critic.remove();
    startTicker(turn);
  }

  var renderQueued = null;
  function scheduleRender(turn) {
    if (renderQueued) return;
    renderQueued = window.requestAnimationFrame(function () { renderQueued = null; render(turn); });
  }

  function render(turn) {
    var p = panel();
    if (!p || p.dataset.live !== turn.turnId) return;
    var events = turn.events;
    var intent = lastOf(events, "intent");
    var routing = lastOf(events, "routing");
    var tl = buildTimeline(events, !turn.finished, turn.skew);
    var tlEl = section("timeline");
    if (tlEl && tl) {
      tlEl.innerHTML = timelineHtml(tl);
      var total = p.querySelector("[data-role=timeline-total]");
      if (!total) {
        total = document.createElement("span");
        total.className = "muted total";
        total.dataset.role = "timeline-total";
        var heading = document.getElementById("an-timeline-title");
        if (heading) heading.appendChild(total);
      }
      total.textContent = "共 " + tl.totalText;
    }
    if (intent && section("state")) section("state").innerHTML = stateHtml(intent.entities || {});
    if (intent && section("routing")) section("routing").innerHTML = routingHtml(intent, routing);
    if (section("tools")) section("tools").innerHTML = toolsHtml(events);
  }

  function startTicker(turn) {
    stopTicker();
    ticker = window.setInterval(function () { if (!turn.finished) scheduleRender(turn); }, 250);
  }
  function stopTicker() { if (ticker) { window.clearInterval(ticker); ticker = null; } }

  function lastOf(events, type) {
    for (var i = events.length - 1; i >= 0; i--) if (events[i].type === type) return events[i];
    return null;
  }

  function buildTimeline(events, live, skew) {
    var stamped = [];
    events.forEach(function (e) { var t = tsMs(e.ts); if (t != null) stamped.push([e, t]); });
    if (!stamped.length) return null;
    stamped.sort(function (a, b) { return (a[0].seq || 0) - (b[0].seq || 0); });
    var t0 = stamped[0][1];
    var last = Math.max.apply(null, stamped.map(function (s) { return s[1]; }));
    if (live && isFinite(skew)) last = Math.max(last, Date.now() - skew);
    var rows = [];
    function first(type, phase) {
      for (var i = 0; i < stamped.length; i++) {
        var e = stamped[i][0];
        if (e.type === type && (phase == null || e.phase === phase)) return stamped[i][1];
      }
      return null;
    }
    function add(kind, text, start, end, opts) {
      opts = opts || {};
      var running = end == null;
      if (end == null) end = last;
      rows.push({ kind: kind, label: text, start: start - t0, end: end - t0, detail: opts.detail || "",
                  ok: opts.ok !== false, running: running && live,
                  duration: opts.duration != null ? opts.duration : Math.max(end - start, 0) });
    }
    var intentAt = first("intent");
    var start = first("status", "intent");
    if (start == null) start = t0;
    if (intentAt != null) {
      var intent = lastOf(events, "intent") || {};
      add("intent", "意图识别", start, intentAt,
          { detail: (intent.domain_label || label(L.domains, intent.domain)) + " · " + label(L.layers, intent.layer) });
    } else if (live) {
      add("intent", "意图识别", start, null);
    }
    var routingAt = first("routing");
    if (routingAt != null) {
      var planned = first("status", "planning");
      if (planned == null) planned = routingAt;
      var agents = ((lastOf(events, "routing") || {}).agents || []).map(function (a) { return label(L.agents, a); });
      add("routing", "路由", intentAt != null ? intentAt : routingAt, Math.max(planned, routingAt), { detail: agents.join("、") });
    }
    var results = {};
    stamped.forEach(function (s) { if (s[0].type === "tool_result") results[s[0].call_id] = s; });
    stamped.forEach(function (s) {
      var e = s[0];
      if (e.type !== "tool_call") return;
      var r = results[e.call_id];
      var duration = r && r[0].duration_ms != null ? Number(r[0].duration_ms) : null;
      var end = duration != null ? s[1] + duration : (r ? r[1] : null);
      add("tool", label(L.tools, e.tool), s[1], end,
          { detail: label(L.agents, e.agent), ok: r ? r[0].ok !== false : true, duration: duration });
    });
    var criticStart = first("status", "critic");
    var critics = stamped.filter(function (s) { return s[0].type === "critic"; });
    if (criticStart != null || critics.length) {
      var begin = criticStart != null ? criticStart : critics[0][1];
      var verdict = critics.length ? critics[critics.length - 1][0] : null;
      add("critic", "审核", begin, critics.length ? critics[critics.length - 1][1] : null, {
        detail: verdict ? "第 " + verdict.round + " 轮 · " + (verdict.acceptable ? "通过" : "未通过") : "",
        ok: verdict ? !!verdict.acceptable : true });
    }
    var tokens = stamped.filter(function (s) { return s[0].type === "token"; }).map(function (s) { return s[1]; });
    var finalAt = first("final");
    if (tokens.length) {
      add("answer", "生成回答", tokens[0], (finalAt != null || !live) ? tokens[tokens.length - 1] : null,
          { detail: tokens.length + " 段" });
    }
    var error = lastOf(events, "error");
    if (finalAt != null) {
      add("final", "完成", finalAt, finalAt, { detail: "已保存回答" });
    } else if (error && error.code !== "tool_failed") {
      var errAt = tsMs(error.ts) || last;
      add("final", "失败", errAt, errAt, { ok: false, detail: error.message || "" });
    }
    var total = Math.max(last - t0, 1);
    rows.forEach(function (row) {
      row.width = Math.max((row.end - row.start) / total * 100, 0.8);
      row.left = Math.min(row.start / total * 100, 100 - row.width);
      row.durationText = fmtDuration(row.duration);
    });
    var ticks = [0, 50, 100].map(function (p) { return { left: p, text: p ? fmtDuration(total * p / 100) : "0" }; });
    return { rows: rows, ticks: ticks, totalText: fmtDuration(total), live: live };
  }

  function timelineHtml(tl) {
    var aria = tl.rows.map(function (r) { return r.label + " " + r.durationText; }).join("，");
    var html = '<div class="tl' + (tl.live ? " live" : "") + '" role="img" aria-label="执行时间线：' + esc(aria) + '">';
    tl.rows.forEach(function (r) {
      html += '<div class="tl-row kind-' + r.kind + (r.ok ? "" : " failed") + (r.running ? " running" : "") +
        '" data-kind="' + r.kind + '" title="' + esc(r.label + (r.detail ? " · " + r.detail : "") + " · " + r.durationText) + '">' +
        '<span class="tl-label">' + esc(r.label) + (r.detail ? "<small>" + esc(r.detail) + "</small>" : "") + "</span>" +
        '<span class="tl-track"><span class="tl-bar" data-left="' + r.left.toFixed(2) + '" data-width="' + r.width.toFixed(2) + '"></span></span>' +
        '<span class="tl-dur">' + esc(r.durationText) + "</span></div>";
    });
    html += '<div class="tl-axis" aria-hidden="true"><span class="tl-label"></span><span class="tl-track">';
    tl.ticks.forEach(function (t) { html += '<span class="tick" data-left="' + t.left + '">' + esc(t.text) + "</span>"; });
    return html + '</span><span class="tl-dur"></span></div></div>';
  }

  var ENTITY_GROUPS = [["persons", "人物"], ["organizations", "机构"], ["amounts", "金额"], ["dates", "日期"],
                       ["durations", "期间"], ["locations", "地点"]];
  function stateHtml(state) {
    return ENTITY_GROUPS.map(function (g) {
      var items = (state[g[0]] || []).map(function (item) {
        var text = item, title = "";
        if (g[0] === "amounts" && typeof item === "object") {
          text = num(item.value) + " 元";
          title = label(L.amountKinds, item.kind || "amount") + "（原文：" + item.text + "）";
        } else if (g[0] === "durations" && typeof item === "object") {
          text = item.text;
          var extra = item.months != null ? num(item.months) + " 个月" : (item.days != null ? item.days + " 天" : "");
          title = [label(L.durationKinds, item.kind || "period"), extra].filter(Boolean).join("，");
        } else if (g[0] === "dates" && typeof item === "object") {
          text = item.text; title = item.iso || "";
        }
        return '<span class="chip"' + (title ? ' title="' + esc(title) + '"' : "") + ">" + esc(text) + "</span>";
      });
      return "<dt>" + g[1] + "</dt><dd>" + (items.join("") || '<span class="muted">—</span>') + "</dd>";
    }).join("");
  }

  function routingHtml(intent, routing) {
    var confidence = Number(intent.confidence || 0);
    var pct = Math.round(confidence * 100);
    var runner = intent.runner_up || {};
    var runnerText = [label(L.domains, runner.domain), label(L.intents, runner.intent)].filter(Boolean).join(" / ");
    if (runnerText && runner.score != null) runnerText += "（" + Number(runner.score).toFixed(2) + "）";
    var agents = routing ? (routing.agents || []).map(function (a) { return label(L.agents, a); }) : [];
    var route = intent.route || (routing && routing.route) || null;
    return '<dl class="facts-grid">' +
      "<dt>领域</dt><dd><strong>" + esc(intent.domain_label || label(L.domains, intent.domain)) + "</strong></dd>" +
      "<dt>意图</dt><dd>" + esc(label(L.intents, intent.intent)) + "</dd>" +
      '<dt>判定层</dt><dd><span class="badge layer-' + esc(intent.layer) + '">' + esc(label(L.layers, intent.layer)) + "</span></dd>" +
      '<dt>置信度</dt><dd><span class="meter" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="' + pct +
      '" aria-label="置信度"><span data-width="' + pct + '"></span></span> ' + confidence.toFixed(2) + "</dd>" +
      (runnerText ? "<dt>次选</dt><dd>" + esc(runnerText) + "</dd>" : "") +
      (agents.length ? "<dt>智能体</dt><dd>" + esc(agents.join(" → ")) + "</dd>" : "") +
      '<dt>理由</dt><dd class="reason">' + esc(intent.reason || "") + "</dd>" +
      (route && !route.decided && route.reason ? '<dt>分派</dt><dd class="reason">' + esc(route.reason) + "</dd>" : "") +
      "</dl>";
  }

  function pretty(value) {
    if (typeof value === "string") {
      try { value = JSON.parse(value); } catch (e) { return value; }
    }
    return JSON.stringify(value, null, 1).replace(/\\n/g, "\n");   // multi-line text stays readable
  }

  function toolsHtml(events) {
    var results = {};
    events.forEach(function (e) { if (e.type === "tool_result") results[e.call_id] = e; });
    var items = events.filter(function (e) { return e.type === "tool_call"; }).map(function (e) {
      var r = results[e.call_id];
      var cls = "tool" + (r && r.ok === false ? " failed" : "") + (r ? "" : " running");
      var out = r ? (r.output != null ? pretty(r.output) : "") : "";
      return '<li class="' + cls + '"><div class="tool-head"><span class="status-dot" aria-hidden="true"></span><strong>' +
        esc(label(L.tools, e.tool)) + "</strong> <code>" + esc(e.tool) + '</code><span class="muted"> · ' +
        esc(label(L.agents, e.agent)) + '</span><span class="dur">' + (r ? esc(fmtDuration(r.duration_ms)) : "运行中") + "</span></div>" +
        "<details><summary>输入</summary><pre>" + esc(JSON.stringify(e.input || {}, null, 1)) + "</pre></details>" +
        (r ? "<details><summary>结果" + (r.ok === false ? "（失败）" : "") + "</summary>" +
          (out ? "<pre>" + esc(out.slice(0, 4000)) + "</pre>" : "<p>" + esc(r.summary || "") + "</p>") + "</details>" : "") +
        "</li>";
    });
    return items.join("") || '<li class="muted placeholder">尚无工具调用。</li>';
  }

  function loadAnalysis(messageId) {
    if (!messageId || !slot) return;
    fetch(urlFor(cfg.analysisUrl, messageId), { credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        if (current && !current.finished) return;           // a new turn took the panel meanwhile
        slot.innerHTML = html;
        Array.prototype.forEach.call(log.querySelectorAll("article.assistant.selected"), function (a) { a.classList.remove("selected"); });
        var article = document.getElementById("msg-" + messageId);
        if (article) article.classList.add("selected");
      })
      .catch(function () { /* the panel keeps what it shows */ });
  }

  // ---------------------------------------------------------------- asking
  function ask() {
    var text = box.value.trim();
    if (!text) { setHint("请输入问题", true); return; }
    if (current && !current.finished) { setHint("请等待当前回答完成", true); return; }
    if (!socket || socket.readyState !== WebSocket.OPEN) { setHint("实时通道未连接，正在重连…", true); return; }
    pendingAsk = text;
    setRunning(true);
    setHint("已发送，等待受理…");
    socket.send(JSON.stringify({ type: "ask", content: text }));
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); ask(); });
  box.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" || event.shiftKey || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    ask();
  });

  log.addEventListener("submit", function (event) {
    var fb = event.target.closest("form.feedback");
    if (!fb) return;
    event.preventDefault();
    var status = fb.querySelector(".fb-status");
    var checked = fb.querySelector("input[name=rating]:checked");
    if (!checked) { status.textContent = "请选择 1–5 星"; return; }
    var payload = { rating: Number(checked.value), comment: fb.querySelector("input[name=comment]").value };
    status.textContent = "正在提交…";
    fetch(urlFor(cfg.feedbackUrl, fb.dataset.message), {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": cfg.csrfToken },
      body: JSON.stringify(payload),
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) { return { ok: r.ok, body: body }; });
    }).then(function (res) {
      status.textContent = res.ok ? "已评价 " + res.body.rating + " 星，谢谢" : "提交失败：" + (res.body.detail || JSON.stringify(res.body));
    }).catch(function () { status.textContent = "提交失败：网络错误"; });
  });

  log.addEventListener("click", function (event) {
    var button = event.target.closest("button.show-analysis");
    if (button) loadAnalysis(button.dataset.analysis);
    var example = event.target.closest("button[data-example]");
    if (example && !box.disabled) { box.value = example.dataset.example; box.focus(); }
  });

  // ---------------------------------------------------------------- the socket
  // The reconnect cursor: the turn we follow and the last seq we showed of it (?turn=<id>&after=<seq>),
  // so the server replays only what we missed of it, even when it ended while we were away.
  function cursor() {
    var turn = current;
    if (!turn || !turn.turnId || turn.finished || !turn.seqs.size) return "";
    var last = 0;
    turn.seqs.forEach(function (seq) { if (seq > last) last = seq; });
    return "?turn=" + encodeURIComponent(turn.turnId) + "&after=" + last;
  }

  function connect() {
    setWs("connecting", retry ? "正在重连…" : "正在连接…");
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + cfg.wsPath + cursor());
    socket.onopen = function () {
      retry = 0;
      lastMessageAt = Date.now();
      setWs("open", "实时通道已连接");
      resync();
    };
    socket.onmessage = function (message) {
      var event;
      try { event = JSON.parse(message.data); } catch (e) { return; }
      handle(event);
    };
    socket.onclose = function (close) {
      if (close.code === 4401 || close.code === 4403) {
        setWs("denied", close.code === 4401 ? "登录已失效，请刷新页面" : "无权访问此会话");
        return;
      }
      if (pendingAsk != null) { box.value = pendingAsk; pendingAsk = null; setRunning(false); }
      var delay = Math.min(30000, 1000 * Math.pow(2, retry)) * (0.8 + Math.random() * 0.4);
      retry += 1;
      setWs("closed", "连接已断开，" + Math.max(1, Math.round(delay / 1000)) + " 秒后重连…");
      window.setTimeout(connect, delay);
    };
  }

  // A connection that went silent (the server pings every 20 s) is treated as dropped.
  window.setInterval(function () {
    if (socket && socket.readyState === WebSocket.OPEN && Date.now() - lastMessageAt > 50000) socket.close();
  }, 10000);

  if (cfg.inflight) {
    var el = document.getElementById("msg-" + cfg.inflight.messageId);
    current = newTurn(cfg.inflight.turnId, cfg.inflight.messageId, el);
    setRunning(true);
    setHint("正在回答上一个问题，请稍候…");
  }
  scrollDown(true);
  connect();
})();
