// 合同审查: drag-and-drop upload on the list page; on a contract's page, the live workspace.
//
// The page is server-rendered and works without this script (forms post to the portal views).
// Here: issue confirm / reject / edit go to the REST API with the version read (a 409 shows the
// issue as it now is); auto-review starts with POST …/reviews {"mode":"auto"}; the chat posts to
// …/messages; the websocket /ws/contracts/<id>/ streams `contract_status` {status, error, sections}
// while the upload is read and split, `progress` {done,total,section}, `issue`
// {action, issue}, `status`, `token`, `final` and `error`. An issue card is always the server's
// HTML (/contracts/<id>/issues/<iid>/), so a reload shows exactly what the live page showed.
// Three events carry the page's shared state, and the page only ever shows what they (or the POST
// answer) say: `message` {message, reply_to} — chat bubbles are keyed by message id and kept in id
// order, so a reply shows once and below its question; `cursor` {section} — the chat's current
// section as the server has it (highlight, 当前章节 label and scroll follow it); `counts` — every
// issue counter, recounted by the server after each change (nothing is counted here).
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  }, true);

  // ------------------------------------------------------------------ upload (list page)
  var drop = document.getElementById("dropzone");
  if (drop) {
    var input = document.getElementById("upload-file");
    var text = document.getElementById("dropzone-text");
    var show = function () {
      if (input.files && input.files.length) {
        text.textContent = "已选择：" + input.files[0].name;
        drop.classList.add("chosen");
      }
    };
    input.addEventListener("change", show);
    ["dragenter", "dragover"].forEach(function (name) {
      drop.addEventListener(name, function (event) { event.preventDefault(); drop.classList.add("over"); });
    });
    ["dragleave", "drop"].forEach(function (name) {
      drop.addEventListener(name, function (event) { event.preventDefault(); drop.classList.remove("over"); });
    });
    drop.addEventListener("drop", function (event) {
      if (!event.dataTransfer || !event.dataTransfer.files.length) return;
      input.files = event.dataTransfer.files;
      show();
    });
    document.getElementById("upload-form").addEventListener("submit", function () {
      var button = document.getElementById("upload-submit");
      button.disabled = true;
      button.textContent = "正在读取与拆分…";
    });
  }

  var configEl = document.getElementById("contracts-config");
  if (!configEl) return;
  var cfg = JSON.parse(configEl.textContent);
  var api = cfg.api;  // /api/v1/contracts/<id>

  var issueList = document.getElementById("issue-list");
  var noIssues = document.getElementById("no-issues");
  var chatLog = document.getElementById("contract-chat");
  var wsState = document.getElementById("ws-state");
  var stateText = document.getElementById("review-state");
  var fill = document.getElementById("progress-fill");
  var bar = document.getElementById("review-progress");
  var autoButton = document.getElementById("auto-review");
  var cancelButton = document.getElementById("cancel-review");
  var currentLabel = document.getElementById("current-section");
  var run = cfg.run;
  var currentSection = null;
  var picked = false;   // the lawyer chose a section on the page since the server last set the cursor
  var sending = false;
  var pending = null;   // the assistant bubble being streamed
  var socket = null;
  var retry = 0;

  // ------------------------------------------------------------------ helpers
  function esc(value) {
    return String(value == null ? "" : value).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function request(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": cfg.csrfToken, "Accept": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (response) {
      return response.text().then(function (raw) {
        var data = null;
        try { data = raw ? JSON.parse(raw) : null; } catch (e) { data = { detail: raw }; }
        return { ok: response.ok, status: response.status, data: data };
      });
    });
  }
  function detail(data) {
    if (!data) return "操作失败";
    if (typeof data.detail === "string") return data.detail;
    if (Array.isArray(data.detail)) return data.detail.join("；");
    var parts = [];
    Object.keys(data).forEach(function (key) { parts.push([].concat(data[key]).join("；")); });
    return parts.join("；") || "操作失败";
  }
  function toast(message, isError) {
    var box = document.getElementById("toasts");
    if (!box) return;
    var el = document.createElement("div");
    el.className = "toast" + (isError ? " error" : "");
    el.setAttribute("role", isError ? "alert" : "status");
    el.textContent = message;
    box.appendChild(el);
    window.setTimeout(function () { el.remove(); }, 6000);
  }
  function fromHtml(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    return template.content.firstElementChild;
  }
  function fragmentUrl(id) { return cfg.issueFragment.replace(/\/issues\/0\/$/, "/issues/" + encodeURIComponent(id) + "/"); }

  // ------------------------------------------------------------------ tabs, filters, navigation
  function selectTab(name) {
    ["issues", "chat", "terms"].forEach(function (tab) {
      var on = tab === name;
      document.getElementById("tab-" + tab).classList.toggle("active", on);
      document.getElementById("tab-" + tab).setAttribute("aria-selected", on ? "true" : "false");
      document.getElementById("panel-" + tab).classList.toggle("hidden", !on);
    });
  }
  document.getElementById("tab-issues").addEventListener("click", function () { selectTab("issues"); });
  document.getElementById("tab-chat").addEventListener("click", function () { selectTab("chat"); });
  document.getElementById("tab-terms").addEventListener("click", function () { selectTab("terms"); });

  var filter = "all";
  function applyFilter() {
    var shown = 0;
    issueList.querySelectorAll(".issue").forEach(function (card) {
      var visible = filter === "all" || card.dataset.status === filter;
      card.classList.toggle("hidden", !visible);
      if (visible) shown += 1;
    });
    noIssues.classList.toggle("hidden", issueList.querySelector(".issue") !== null);
    return shown;
  }
  document.querySelectorAll(".issue-filters .chip").forEach(function (chip) {
    chip.addEventListener("click", function () {
      filter = chip.dataset.filter;
      document.querySelectorAll(".issue-filters .chip").forEach(function (c) { c.classList.toggle("active", c === chip); });
      applyFilter();
    });
  });

  function setCurrent(sectionId, scroll) {
    var article = document.getElementById("sec-" + sectionId);
    if (!article) return;
    currentSection = Number(sectionId);
    document.querySelectorAll("#section-list li").forEach(function (li) {
      li.classList.toggle("active", li.dataset.section === String(sectionId));
    });
    document.querySelectorAll("#contract-text .section").forEach(function (el) {
      el.classList.toggle("current", el === article);
    });
    var number = article.querySelector(".sec-number");
    if (currentLabel) currentLabel.textContent = number ? number.textContent : (article.getAttribute("aria-label") || "—");
    if (scroll) article.scrollIntoView({ block: "start", behavior: "smooth" });
  }
  function flash(el) {
    if (!el) return;
    el.classList.add("flash");
    window.setTimeout(function () { el.classList.remove("flash"); }, 1500);
  }
  document.addEventListener("click", function (event) {
    var goto = event.target.closest("[data-goto]");
    if (goto) {
      event.preventDefault();
      setCurrent(goto.dataset.goto, true);
      picked = true;
      var card = goto.closest(".issue");
      if (card) flash(document.querySelector('mark.hl[data-issues~="' + card.dataset.issue + '"]'));
      return;
    }
    var mark = event.target.closest("mark.hl");
    if (mark) {
      selectTab("issues");
      var id = mark.dataset.issues.split(" ")[0];
      var target = document.getElementById("issue-" + id);
      if (target) { target.classList.remove("hidden"); target.scrollIntoView({ block: "nearest", behavior: "smooth" }); flash(target); }
      var section = mark.closest(".section");
      if (section) { setCurrent(section.dataset.section, false); picked = true; }
      return;
    }
    var article = event.target.closest(".section");
    if (article && !event.target.closest("form")) { setCurrent(article.dataset.section, false); picked = true; }
  });
  // the chat's current section: the one the address asks for (?section=), else the server's cursor
  var focused = document.querySelector(".section.focused");
  if (focused) {
    setCurrent(focused.dataset.section, false);
    picked = !(cfg.cursor && String(cfg.cursor.id) === focused.dataset.section);
  } else if (cfg.cursor) {
    setCurrent(cfg.cursor.id, true);  // the text opens where the chat is
  }
  function follow(section) {
    // the server moved the chat's cursor (下一章, 上一章, 回到第X条 …): the page goes there
    if (!section || !section.id) return;
    picked = false;
    if (currentSection !== Number(section.id)) setCurrent(section.id, true);
  }

  // ------------------------------------------------------------------ counters (the server's counts)
  function applyCounts(c) {
    document.getElementById("issue-count").textContent = String(c.total || 0);
    document.querySelectorAll("#issue-tally [data-count]").forEach(function (el) {
      var key = el.dataset.count;
      var value = key === "open" ? c.open : (c.open_severity && key in c.open_severity) ? c.open_severity[key]
        : (c.status || {})[key];
      el.textContent = String(value || 0);
    });
    var sections = c.sections || {};
    document.querySelectorAll("#section-list li[data-section]").forEach(function (li) {
      var badge = li.querySelector("[data-role=section-count]");
      if (!badge) return;
      var entry = sections[li.dataset.section] || { total: 0, severity: "" };
      badge.textContent = String(entry.total || 0);
      badge.className = "count sev-" + (entry.severity || "none") + (entry.total ? "" : " hidden");
    });
  }

  // ------------------------------------------------------------------ issues
  function refreshIssue(id) {
    return fetch(fragmentUrl(id), { credentials: "same-origin" }).then(function (response) {
      if (response.status === 404) { removeIssue(id); return null; }
      return response.text().then(function (html) {
        var card = fromHtml(html);
        var old = document.getElementById("issue-" + id);
        if (old) old.replaceWith(card); else insertIssue(card);
        applyFilter();
        markFor(card);
        return card;
      });
    });
  }
  function insertIssue(card) {
    // Keep reading order: after the last card of an earlier (or the same) section.
    var order = sectionOrder(card.dataset.section);
    var before = null;
    issueList.querySelectorAll(".issue").forEach(function (other) {
      if (before) return;
      var o = sectionOrder(other.dataset.section);
      if (o > order) before = other;
    });
    issueList.insertBefore(card, before);
  }
  function sectionOrder(sectionId) {
    if (!sectionId) return Infinity;
    var article = document.getElementById("sec-" + sectionId);
    return article ? Number(article.dataset.order) : Infinity;
  }
  function removeIssue(id) {
    var old = document.getElementById("issue-" + id);
    if (old) old.remove();
    document.querySelectorAll('mark.hl[data-issues~="' + id + '"]').forEach(function (mark) {
      var ids = mark.dataset.issues.split(" ").filter(function (x) { return x !== String(id); });
      if (ids.length) mark.dataset.issues = ids.join(" ");
      else mark.replaceWith(document.createTextNode(mark.textContent));
    });
    applyFilter();
  }
  function markFor(card) {
    // An existing highlight follows the issue's severity and status (new spans appear on reload).
    document.querySelectorAll('mark.hl[data-issues~="' + card.dataset.issue + '"]').forEach(function (mark) {
      var severity = (card.className.match(/sev-(\w+)/) || [])[1];
      mark.className = "hl sev-" + severity + " status-" + card.dataset.status;
    });
  }

  issueList.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-issue-action]");
    if (!form) return;
    event.preventDefault();
    var card = form.closest(".issue");
    var id = card.dataset.issue;
    var version = Number(card.dataset.version);
    var action = form.dataset.issueAction;
    var call;
    if (action === "edit") {
      call = request("PATCH", api + "/issues/" + id, {
        version: version, severity: form.elements.severity.value, suggestion: form.elements.suggestion.value });
    } else {
      call = request("POST", api + "/issues/" + id + "/" + action, { version: version });
    }
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    call.then(function (result) {
      if (result.status === 409) {
        toast(detail(result.data) + "（已显示最新内容）", true);
      } else if (!result.ok) {
        var error = form.querySelector("[data-role=error]");
        if (error) error.textContent = detail(result.data); else toast(detail(result.data), true);
        form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        return;
      }
      return refreshIssue(id);
    }).catch(function () {
      toast("网络错误，请重试", true);
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    });
  });

  // ------------------------------------------------------------------ auto-review
  function showProgress(done, total, section) {
    if (total) {
      fill.style.width = Math.round(100 * done / total) + "%";
      bar.setAttribute("aria-valuemax", String(total));
      bar.setAttribute("aria-valuenow", String(done));
    }
    var where = section && typeof section === "object" ? (section.number || section.title || "") : (section || "");
    stateText.textContent = "自动审核中：" + done + "/" + total + (where ? "，当前 " + where : "");
    if (section && typeof section === "object" && section.id) setCurrent(section.id, false);
  }
  var TERMINAL = { done: "自动审核完成", cancelled: "自动审核已取消", failed: "自动审核失败" };
  function finished(status, text) {
    stateText.textContent = text || TERMINAL[status];
    if (status === "done") { fill.style.width = "100%"; bar.setAttribute("aria-valuenow", bar.getAttribute("aria-valuemax")); }
    run = null;
    setRunning(false);
  }
  function setRunning(on) {
    autoButton.disabled = on;
    cancelButton.classList.toggle("hidden", !on || !run);
  }
  autoButton.addEventListener("click", function () {
    autoButton.disabled = true;
    request("POST", api + "/reviews", { mode: "auto" }).then(function (result) {
      if (!result.ok) { toast(detail(result.data), true); autoButton.disabled = false; return; }
      run = { id: result.data.id, status: result.data.status, done: result.data.progress || 0, total: result.data.total || 0 };
      stateText.textContent = "自动审核已开始…";
      setRunning(true);
    });
  });
  cancelButton.addEventListener("click", function () {
    if (!run) return;
    request("POST", api + "/reviews/" + run.id + "/cancel", {}).then(function (result) {
      if (!result.ok) toast(detail(result.data), true); else stateText.textContent = "正在取消…";
    });
  });
  if (run) setRunning(true);

  // ------------------------------------------------------------------ chat
  var chatForm = document.getElementById("chat-form");
  var chatInput = document.getElementById("chat-input");
  function bubble(role, content, who) {
    var empty = document.getElementById("chat-empty");
    if (empty) empty.remove();
    var el = document.createElement("div");
    el.className = "cmsg " + role;
    el.innerHTML = '<span class="who">' + esc(who || (role === "user" ? "我" : "审核助手")) +
      '</span><div class="body"></div>';
    el.querySelector(".body").textContent = content || "";
    return el;
  }
  function placeInOrder(el) {
    // bubbles with a message id stay in id order (the order the server stored them)
    var id = Number(el.dataset.message);
    var later = null;
    chatLog.querySelectorAll(".cmsg[data-message]").forEach(function (other) {
      if (!later && Number(other.dataset.message) > id) later = other;
    });
    chatLog.insertBefore(el, later);
  }
  function showMessage(message, replyTo) {
    // one bubble per stored message, whichever way it arrived first (POST answer or websocket)
    if (!message || !message.id) return null;
    var existing = chatLog.querySelector('.cmsg[data-message="' + message.id + '"]');
    if (existing) return existing;
    var el = bubble(message.role, message.content, message.role === "user" ? (message.author || "我") : "审核助手");
    el.dataset.message = String(message.id);
    if (replyTo) el.dataset.replyTo = String(replyTo);
    var waiting = replyTo ? chatLog.querySelector('.cmsg.pending[data-pending-for="' + replyTo + '"]') : null;
    if (waiting) {
      waiting.replaceWith(el);
      if (pending === waiting) pending = null;
    } else {
      placeInOrder(el);
    }
    chatLog.scrollTop = chatLog.scrollHeight;
    return el;
  }
  function waitFor(message) {
    // the reply is being written: a bubble the agent's tokens stream into until the reply is stored
    if (chatLog.querySelector('.cmsg[data-reply-to="' + message.id + '"]')) return;
    pending = bubble("assistant pending", "");
    pending.dataset.pendingFor = String(message.id);
    chatLog.appendChild(pending);
    chatLog.scrollTop = chatLog.scrollHeight;
  }
  chatForm.addEventListener("submit", function (event) {
    event.preventDefault();
    var content = chatInput.value.trim();
    if (!content || sending) return;
    var body = { content: content };
    if (picked && currentSection) body.section = currentSection;  // the section the lawyer chose on the page
    sending = true;
    document.getElementById("chat-send").disabled = true;
    request("POST", api + "/messages", body).then(function (result) {
      sending = false;
      document.getElementById("chat-send").disabled = false;
      if (!result.ok) { toast(detail(result.data), true); return; }
      chatInput.value = "";
      var data = result.data || {};
      showMessage(data.message);
      if (data.reply) showMessage(data.reply, data.message && data.message.id);
      else if (data.message) waitFor(data.message);
      if (data.cursor) follow(data.cursor); else picked = false;
    }).catch(function () {
      sending = false;
      document.getElementById("chat-send").disabled = false;
      toast("网络错误，请重试", true);
    });
  });
  chatInput.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) { event.preventDefault(); chatForm.requestSubmit(); }
  });

  // ------------------------------------------------------------------ websocket
  function setWs(state, label) { wsState.dataset.state = state; wsState.textContent = label; }
  // the contract is read and split in the worker: uploaded → splitting → split | failed
  var splitBox = document.getElementById("split-status");
  function splitStatus(event) {
    if (!splitBox) return;
    var previous = splitBox.dataset.status;
    splitBox.dataset.status = event.status;
    splitBox.className = "split-status split-" + event.status;
    if (event.status === "split") {
      splitBox.textContent = "拆分完成" + (event.sections ? "：" + event.sections + " 个章节" : "") + "，正在刷新…";
      if (previous !== "split" && previous !== "failed") window.location.reload();
    } else if (event.status === "failed") {
      splitBox.innerHTML = "<strong>文件读取失败：</strong>" + esc(event.error || "未知错误") + " 请检查文件后重新上传。";
    } else if (event.status === "splitting") {
      splitBox.innerHTML = '<span class="spinner" aria-hidden="true"></span>正在读取并拆分章节…';
    }
  }
  function handle(event) {
    switch (event.type) {
      case "ping": case "pong": return;
      case "progress":
        if (TERMINAL[event.status]) { finished(event.status); return; }
        if (!run || (event.run_id && run.id !== event.run_id)) { run = { id: event.run_id || (run && run.id) }; }
        if (event.mode !== "manual") setRunning(true);
        showProgress(Number(event.done || 0), Number(event.total || 0), event.section);
        return;
      case "contract_status":
        splitStatus(event);
        return;
      case "issue":
        var issue = event.issue || {};
        var id = issue.id || event.issue_id;
        if (!id) return;
        if (event.action === "deleted") removeIssue(id); else refreshIssue(id);
        return;
      case "message":  // a stored chat message, from this page or another one
        showMessage(event.message, event.reply_to);
        return;
      case "cursor":
        // the state read on (re)connect does not override a section the lawyer has just chosen
        if (!(event.sync && picked)) follow(event.section);
        return;
      case "counts":
        applyCounts(event);
        return;
      case "token":  // only the chat's own reply streams into the chat, not an auto-review's agent
        if (pending && !(run && event.run_id === run.id)) pending.querySelector(".body").textContent += event.delta || "";
        return;
      case "final":  // the reply itself arrives as a `message` once stored
        return;
      case "status":
        if (event.phase === "done" && TERMINAL[event.status]) { finished(event.status, event.text); return; }
        if (pending && event.text && !(run && event.run_id === run.id)) pending.querySelector(".who").textContent = "审核助手 · " + event.text;
        return;
      case "error":
        toast(event.message || "出错了", true);
        return;
    }
  }
  var followed = { run: null, seq: 0 };  // the review whose numbered events this page has seen
  function connect() {
    setWs("connecting", retry ? "正在重连…" : "正在连接…");
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    // a reconnect asks for the events of the review it followed that it has not seen (replayed by seq)
    var resume = followed.run ? "?run=" + followed.run + "&after=" + followed.seq : "";
    socket = new WebSocket(scheme + location.host + cfg.wsPath + resume);
    socket.onopen = function () {
      retry = 0; setWs("open", "实时通道已连接");
      // what changed while the page was loading or disconnected: the counters and the chat's section
      socket.send(JSON.stringify({ type: "sync" }));
      // a split that ended before the socket joined the group: read the contract once
      if (splitBox && (splitBox.dataset.status === "uploaded" || splitBox.dataset.status === "splitting")) {
        request("GET", api).then(function (result) {
          if (result.ok && result.data) {
            splitStatus({ status: result.data.status, error: result.data.error, sections: result.data.section_count });
          }
        });
      }
    };
    socket.onmessage = function (message) {
      var event;
      try { event = JSON.parse(message.data); } catch (e) { return; }
      if (event.seq && event.run_id) {
        if (followed.run !== event.run_id) followed = { run: event.run_id, seq: 0 };
        followed.seq = Math.max(followed.seq, event.seq);
      }
      handle(event);
    };
    socket.onclose = function (close) {
      if (close.code === 4403 || close.code === 4401) { setWs("denied", "无权查看或登录已失效"); return; }
      setWs("closed", "实时通道已断开，正在重连…");
      var delay = Math.min(30000, 1000 * Math.pow(2, retry)) * (0.8 + Math.random() * 0.4);
      retry += 1;
      window.setTimeout(connect, delay);
    };
  }
  applyFilter();
  connect();
})();
