// 研究任务: the live plan checklist and answer of one task over /ws/research/<id>/.
//
// Receives the run's events (plan, step_started, step_finished, token, final, task_status), each
// with seq; on connect the server replays the events logged so far (on a reconnect only those after
// the last seq shown: ?after=<seq>), and they are de-duplicated by seq. On `final` (or any settled status) the plan and answer sections are replaced by the
// server-rendered page, so a reload shows exactly what the live page showed. The plan editor
// (task awaiting approval) serialises the edited steps into the approve form.
(function () {
  "use strict";

  var configEl = document.getElementById("research-config");
  if (!configEl) return;
  var cfg = JSON.parse(configEl.textContent);
  var wsState = document.getElementById("ws-state");
  var statusEl = document.getElementById("task-status");
  var stream = document.getElementById("answer-stream");
  var lastSeq = 0;
  var socket = null;
  var retry = 0;
  var settled = ["done", "failed", "cancelled"];
  var STATUS = { queued: "排队中", planning: "制定计划", awaiting_approval: "待确认计划", running: "执行中",
                 synthesizing: "综合中", done: "完成", failed: "失败", cancelled: "已取消" };
  var METHOD = { tool: "工具", reasoning: "推理", fallback: "降级推理" };

  function esc(value) {
    return String(value == null ? "" : value).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  // A step's input in words (the server's research/presenters.py labels it fully once the page refreshes).
  function plain(value) {
    if (value === true) return "是";
    if (value === false) return "否";
    if (Array.isArray(value)) return value.map(plain).join("、");
    if (value && typeof value === "object") {
      return Object.keys(value).map(function (k) { return k + "：" + plain(value[k]); }).join("，");
    }
    return value == null ? "" : String(value);
  }
  function inputText(value, text) {
    if (text) return text;
    if (value == null || value === "") return "";
    return typeof value === "string" ? value : plain(value);
  }
  function planList() { return document.getElementById("plan"); }

  function stepRow(step) {
    var li = document.createElement("li");
    li.className = "step status-pending";
    li.dataset.step = step.id;
    li.dataset.status = "pending";
    li.innerHTML = '<span class="mark" aria-label="核验">○</span> <span class="tool badge">' +
      esc(cfg.toolLabels[step.tool_type] || step.tool_type) + '</span> <span class="desc">' + esc(step.description) +
      '</span>' + (inputText(step.input, step.input_text) ? '<div class="input muted">输入：' +
      esc(inputText(step.input, step.input_text)) + '</div>' : "") +
      '<div class="summary"></div><div class="meta muted"></div>';
    return li;
  }

  function onPlan(event) {
    var list = planList();
    var empty = document.getElementById("plan-empty");
    if (empty) empty.remove();
    var existing = {};
    Array.prototype.forEach.call(list.querySelectorAll("li[data-step]"), function (li) { existing[li.dataset.step] = li; });
    if (Object.keys(existing).length) return;  // the page already shows this plan
    (event.steps || []).forEach(function (step) { list.appendChild(stepRow(step)); });
  }

  function rowFor(event) {
    var li = planList().querySelector('li[data-step="' + CSS.escape(event.step_id) + '"]');
    if (!li) {
      li = stepRow({ id: event.step_id, tool_type: event.tool_type, description: event.description, input: event.input });
      planList().appendChild(li);
    }
    return li;
  }

  function onStep(event) {
    var li = rowFor(event);
    li.dataset.status = event.status;
    li.className = "step status-" + event.status;
    var mark = li.querySelector(".mark");
    if (event.type === "step_started") {
      mark.textContent = "…";
      return;
    }
    mark.textContent = event.verified ? "✓" : "✗";
    li.querySelector(".summary").textContent = event.result_summary || "";
    var meta = [];
    if (event.method) meta.push('<span class="method">' + esc(METHOD[event.method] || event.method) + "</span>");
    if (event.duration_ms != null) meta.push('<span class="duration">' + Math.round(event.duration_ms) + " ms</span>");
    if (event.confidence != null) meta.push('<span class="confidence">置信度 ' + Number(event.confidence).toFixed(2) + "</span>");
    if (event.error) meta.push('<span class="error">' + esc(event.error) + "</span>");
    li.querySelector(".meta").innerHTML = meta.join(" ");
  }

  function setStatus(status) {
    if (!statusEl) return;
    statusEl.dataset.status = status;
    statusEl.className = "badge status-" + status;
    statusEl.textContent = STATUS[status] || status;
  }

  function refreshFromServer() {
    fetch(window.location.pathname, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var freshConfig = doc.getElementById("research-config");
      if (freshConfig) cfg = JSON.parse(freshConfig.textContent);  // the steps the editor starts from
      ["plan-section", "answer-section", "plan-review", "task-error"].forEach(function (id) {
        var fresh = doc.getElementById(id);
        var here = document.getElementById(id);
        if (fresh && here) here.replaceWith(fresh);
        else if (here && !fresh) here.remove();
        else if (fresh && !here) {  // a section the page did not have yet (the plan to approve, an error)
          var grid = document.querySelector(".research-grid");
          grid.parentNode.insertBefore(fresh, grid);
        }
      });
      var freshHead = doc.querySelector(".page-head .actions");
      var head = document.querySelector(".page-head .actions");
      if (freshHead && head) head.replaceWith(freshHead);
      stream = document.getElementById("answer-stream");
      bindEditor();
    });
  }

  function handle(event) {
    if (event.seq) {
      if (event.seq <= lastSeq) return;
      lastSeq = event.seq;
    }
    if (event.type === "plan") onPlan(event);
    else if (event.type === "step_started" || event.type === "step_finished") onStep(event);
    else if (event.type === "token" && stream) stream.textContent += event.delta;
    else if (event.type === "task_status") {
      setStatus(event.status);
      if (settled.indexOf(event.status) >= 0 || event.status === "awaiting_approval") refreshFromServer();
    } else if (event.type === "final") { setStatus("done"); refreshFromServer(); }
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    // the reconnect cursor: the server replays only the events after the last one shown
    socket = new WebSocket(scheme + window.location.host + cfg.wsPath + (lastSeq ? "?after=" + lastSeq : ""));
    socket.onopen = function () { retry = 0; wsState.dataset.state = "open"; wsState.textContent = "实时连接"; };
    socket.onmessage = function (message) {
      var data = JSON.parse(message.data);
      if (data.type === "ping") return;
      handle(data);
    };
    socket.onclose = function (event) {
      wsState.dataset.state = "closed";
      wsState.textContent = "连接已断开";
      if (event.code === 4403 || event.code === 4401) return;
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 500 * retry);
    };
  }

  // --- the plan editor ----------------------------------------------------------------------------
  function bindEditor() {
    var form = document.getElementById("approve-form");
    if (!form || form.dataset.bound) return;
    form.dataset.bound = "1";
    var editor = document.getElementById("plan-editor");
    var original = {};
    (cfg.steps || []).forEach(function (s) { original[s.id] = s; });
    var template = document.getElementById("step-template");
    var addButton = document.getElementById("add-step");
    var counter = document.getElementById("step-count");
    var added = 0;
    function renumber() {
      var rows = editor.querySelectorAll("li.edit-step");
      Array.prototype.forEach.call(rows, function (li, i) { li.querySelector(".step-no").textContent = "第 " + (i + 1) + " 步"; });
      if (addButton) addButton.disabled = rows.length >= cfg.maxSteps;
      if (counter) counter.textContent = "共 " + rows.length + " 步，至多 " + cfg.maxSteps + " 步";
    }
    editor.addEventListener("click", function (event) {
      var li = event.target.closest("li");
      if (!li) return;
      if (event.target.classList.contains("remove")) li.remove();
      else if (event.target.classList.contains("move-up") && li.previousElementSibling) li.parentNode.insertBefore(li, li.previousElementSibling);
      else if (event.target.classList.contains("move-down") && li.nextElementSibling) li.parentNode.insertBefore(li.nextElementSibling, li);
      renumber();
    });
    if (addButton && template) {
      addButton.addEventListener("click", function () {
        if (editor.querySelectorAll("li.edit-step").length >= cfg.maxSteps) return;
        var li = template.content.firstElementChild.cloneNode(true);
        added += 1;
        li.dataset.step = "n" + added;
        editor.appendChild(li);
        renumber();
        li.querySelector(".description").focus();
      });
    }
    renumber();
    form.addEventListener("submit", function () {
      var steps = [];
      var kept = {};
      Array.prototype.forEach.call(editor.querySelectorAll("li.edit-step"), function (li) {
        var id = li.dataset.step;
        var base = original[id] || {};
        var inputBox = li.querySelector(".input");
        steps.push({
          id: id,
          description: li.querySelector(".description").value,
          tool_type: li.querySelector(".tool-type").value,
          input: inputBox.dataset.structured && inputBox.value === "" ? base.input : inputBox.value,
          depends_on: (base.depends_on || []).filter(function (d) { return kept[d]; })
        });
        kept[id] = true;
      });
      document.getElementById("steps-json").value = JSON.stringify(steps);
    });
  }

  bindEditor();
  if (settled.indexOf(cfg.status) < 0) connect();
  else { wsState.dataset.state = "closed"; wsState.textContent = "已结束"; }
})();
