(function () {
  "use strict";
  var root = document.getElementById("hensoku-view");
  var plyEls = root.querySelectorAll(".ply");
  var nodes = [];
  var byPath = {};
  Array.prototype.forEach.call(plyEls, function (el) {
    var i = +el.dataset.node;
    nodes[i] = {
      el: el,
      parent: el.dataset.parent === undefined ? -1 : +el.dataset.parent,
      frame: +el.dataset.frame,
      kids: []
    };
    byPath[el.dataset.path] = i;
  });
  nodes.forEach(function (n, i) {
    if (n.parent >= 0) nodes[n.parent].kids.push(i);
  });
  var frames = root.querySelectorAll(".frame");
  var layers = root.querySelectorAll(".layer");
  var panels = {};
  Array.prototype.forEach.call(root.querySelectorAll(".panel"), function (p) {
    panels[p.dataset.node] = p;
  });
  var counter = root.querySelector(".counter");
  var note = root.querySelector(".current-comment");
  var plies = +root.dataset.plies;
  var current = -1;
  var shownFrame = null;
  var shownPanel = null;
  var refit = function () {};

  function show(i) {
    if (!nodes[i] || i === current) return;
    if (current >= 0) {
      nodes[current].el.classList.remove("current");
      nodes[current].el.removeAttribute("aria-current");
    }
    current = i;
    var n = nodes[i];
    n.el.classList.add("current");
    n.el.setAttribute("aria-current", "step");
    root.dataset.current = i;
    if (frames.length) {
      if (shownFrame) shownFrame.hidden = true;
      shownFrame = frames[n.frame];
      shownFrame.hidden = false;
    }
    if (layers.length) {
      var on = {};
      for (var k = i; k >= 0; k = nodes[k].parent) on[k] = true;
      for (var j = 0; j < layers.length; j++) {
        var l = layers[j];
        var born = l.dataset.born;
        var visible = born !== undefined ? on[born] === true : +l.dataset.only === i;
        l.classList.toggle("off", !visible);
      }
    }
    refit();
    if (shownPanel) shownPanel.hidden = true;
    shownPanel = panels[i] || null;
    if (shownPanel) shownPanel.hidden = false;
    var words = [];
    var c = n.el.nextElementSibling;
    while (c && c.classList.contains("comment")) {
      words.push(c.textContent);
      c = c.nextElementSibling;
    }
    note.textContent = words.join("\n");
    counter.textContent = "ply " + n.el.dataset.ply + " / " + plies;
    n.el.scrollIntoView({ block: "nearest" });
    var want = "#ply=" + n.el.dataset.path;
    if (location.hash !== want) location.replace(want);
  }

  function last(i) {
    while (nodes[i].kids.length) i = nodes[i].kids[0];
    return i;
  }

  function go(where) {
    var n = nodes[current];
    if (where === "first") show(0);
    else if (where === "prev" && n.parent >= 0) show(n.parent);
    else if (where === "next" && n.kids.length) show(n.kids[0]);
    else if (where === "last") show(last(current));
  }

  function fromHash() {
    var m = /^#ply=([0-9.]+)$/.exec(location.hash);
    if (m && byPath[m[1]] !== undefined) {
      show(byPath[m[1]]);
      return true;
    }
    return false;
  }

  root.querySelector(".controls").addEventListener("click", function (e) {
    var b = e.target.closest("button[data-go]");
    if (b) go(b.dataset.go);
  });
  root.querySelector(".moves").addEventListener("click", function (e) {
    var a = e.target.closest(".ply");
    if (!a) return;
    e.preventDefault();
    show(+a.dataset.node);
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[e.key]) {
      e.preventDefault();
      go(keys[e.key]);
    }
  });
  window.addEventListener("hashchange", fromHash);

  var viewport = root.querySelector(".viewport");
  if (viewport) panZoom(viewport);

  /* the multiverse: drag to pan, wheel or buttons to zoom, a click on a board enlarges it */
  function panZoom(vp) {
    var svg = vp.querySelector("svg");
    var width = +svg.getAttribute("width");
    var height = +svg.getAttribute("height");
    var view = { s: 1, x: 0, y: 0 };
    var drag = null;
    var follow = true;
    var enlarged = root.querySelector(".enlarged");
    function apply() {
      svg.style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.s + ")";
    }
    /* the boards shown now, with the timeline labels on the left */
    function shown() {
      var box = null;
      Array.prototype.forEach.call(svg.querySelectorAll(".layer[data-born]:not(.off)"), function (g) {
        var b = g.getBBox();
        if (!b.width) return;
        if (!box) box = { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
        else {
          box.x0 = Math.min(box.x0, b.x);
          box.y0 = Math.min(box.y0, b.y);
          box.x1 = Math.max(box.x1, b.x + b.width);
          box.y1 = Math.max(box.y1, b.y + b.height);
        }
      });
      if (!box) return { x0: 0, y0: 0, x1: width, y1: height };
      return { x0: 0, y0: Math.max(0, box.y0 - 12), x1: box.x1 + 12, y1: box.y1 + 12 };
    }
    function fit() {
      var b = shown();
      var w = b.x1 - b.x0;
      var h = b.y1 - b.y0;
      var s = Math.min(vp.clientWidth / w, vp.clientHeight / h, 3);
      view = { s: s, x: (vp.clientWidth - w * s) / 2 - b.x0 * s, y: (vp.clientHeight - h * s) / 2 - b.y0 * s };
      apply();
    }
    refit = function () {
      if (follow) fit();
    };
    function zoom(f, cx, cy) {
      follow = false;
      var s = Math.max(0.02, Math.min(8, view.s * f));
      view.x = cx - (cx - view.x) * (s / view.s);
      view.y = cy - (cy - view.y) * (s / view.s);
      view.s = s;
      apply();
    }
    vp.addEventListener("wheel", function (e) {
      e.preventDefault();
      var r = vp.getBoundingClientRect();
      zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    vp.addEventListener("pointerdown", function (e) {
      drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
      vp.classList.add("dragging");
    });
    vp.addEventListener("pointermove", function (e) {
      if (!drag) return;
      var dx = e.clientX - drag.x;
      var dy = e.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) {
        drag.moved = true;
        follow = false;
      }
      view.x = drag.vx + dx;
      view.y = drag.vy + dy;
      apply();
    });
    function end(e) {
      if (!drag) return;
      var click = !drag.moved;
      drag = null;
      vp.classList.remove("dragging");
      if (click && e.type === "pointerup") {
        var target = document.elementFromPoint(e.clientX, e.clientY);
        var board = target && target.closest ? target.closest(".board") : null;
        if (board) enlarge(board);
      }
    }
    vp.addEventListener("pointerup", end);
    vp.addEventListener("pointerleave", end);
    function enlarge(board) {
      var box = board.getBBox();
      var ns = "http://www.w3.org/2000/svg";
      var big = document.createElementNS(ns, "svg");
      big.setAttribute("viewBox", (box.x - 4) + " " + (box.y - 4) + " " + (box.width + 8) + " " + (box.height + 8));
      big.appendChild(board.cloneNode(true));
      var title = board.querySelector("title");
      enlarged.textContent = "";
      enlarged.appendChild(big);
      if (title) {
        var p = document.createElement("p");
        p.textContent = title.textContent;
        enlarged.appendChild(p);
      }
      enlarged.hidden = false;
    }
    enlarged.addEventListener("click", function () {
      enlarged.hidden = true;
    });
    root.querySelector(".zoom").addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) return;
      if (b.dataset.zoom === "fit") {
        follow = true;
        fit();
      }
      else zoom(b.dataset.zoom === "in" ? 1.25 : 0.8, vp.clientWidth / 2, vp.clientHeight / 2);
    });
  }

  if (!fromHash()) show(+root.dataset.open || 0);
  /* when the first picture is on screen, in ms since the page was asked for */
  requestAnimationFrame(function () {
    setTimeout(function () {
      root.dataset.rendered = Math.round(performance.now());
    }, 0);
  });
})();
