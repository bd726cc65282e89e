// Per-user notifications over /ws/notifications/ with automatic reconnect. Each notification has a
// seq; the last one shown is kept for the tab, and a reconnect (or the next page) asks for what came
// after it (?after=<seq>), so nothing is missed and nothing is shown twice.
(function () {
  "use strict";
  var SEQ_KEY = "legalsite.notifications.seq";
  var statusEl = document.getElementById("ws-status");
  var listEl = document.getElementById("notifications");
  var toasts = document.getElementById("toasts");
  var retry = 1000;

  function setStatus(state, text) {
    if (!statusEl) return;
    statusEl.dataset.state = state;
    statusEl.textContent = text;
  }

  function show(event) {
    var text = event.text || event.message || JSON.stringify(event);
    if (listEl) {
      var li = document.createElement("li");
      li.textContent = new Date().toLocaleTimeString("zh-CN") + "  " + text;
      listEl.prepend(li);
    }
    if (toasts) {
      var toast = document.createElement("div");
      toast.className = "toast";
      toast.textContent = text;
      toasts.appendChild(toast);
      setTimeout(function () { toast.remove(); }, 6000);
    }
  }

  function lastSeq() {
    try { return sessionStorage.getItem(SEQ_KEY); } catch (e) { return null; }
  }

  function keepSeq(seq) {
    try { sessionStorage.setItem(SEQ_KEY, String(seq)); } catch (e) { /* private mode: no replay */ }
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var after = lastSeq();
    var query = after !== null && /^\d+$/.test(after) ? "?after=" + after : "";
    var socket = new WebSocket(scheme + location.host + "/ws/notifications/" + query);
    var keepalive = null;
    socket.onopen = function () {
      retry = 1000;
      setStatus("open", "暂无新通知");
      keepalive = setInterval(function () { socket.send(JSON.stringify({ type: "ping" })); }, 25000);
    };
    socket.onmessage = function (message) {
      var event = JSON.parse(message.data);
      if (event.type === "hello") {
        if (lastSeq() === null || Number(lastSeq()) > event.seq) keepSeq(event.seq);
        return;
      }
      if (event.type === "pong") return;
      if (event.seq) keepSeq(event.seq);
      show(event);
    };
    socket.onclose = function (close) {
      clearInterval(keepalive);
      if (close.code === 4401) { setStatus("denied", "登录已失效，请重新登录以接收通知"); return; }
      setStatus("closed", "实时通知暂时中断，正在重新连接…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  connect();
})();
