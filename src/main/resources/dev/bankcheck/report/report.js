// bankcheck HTML report: sorting, filtering, details with bank pictures drawn from the JSON block.
// Text from the report only ever becomes text nodes (textContent, createTextNode): never markup.
(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var dataNode = document.getElementById('bc-data');
  var data = dataNode ? JSON.parse(dataNode.textContent) : {findings: []};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function sv(tag, attrs, text) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, String(attrs[k]));
    }
    if (text !== undefined) e.textContent = String(text);
    return e;
  }

  /** 0,1,2,3,7,9,10 -> "0–3, 7, 9–10" */
  function ranges(list) {
    var out = [];
    for (var i = 0; i < list.length; i++) {
      var j = i;
      while (j + 1 < list.length && list[j + 1] === list[j] + 1) j++;
      out.push(j > i ? list[i] + '\u2013' + list[j] : String(list[i]));
      i = j;
    }
    return out.join(', ');
  }

  function plural(n, one, many) {
    return n + ' ' + (n === 1 ? one : many);
  }

  /** A long list shortened in the middle: 0, 32, 64, 96, ... 960, 992 */
  function some(list) {
    return list.length <= 8 ? list.join(', ') : list.slice(0, 4).join(', ') + ', \u2026 ' + list.slice(-2).join(', ');
  }

  // ---- sortable tables: click a header with data-type ----------------------------------------
  function cellKey(row, col, type) {
    var cell = row.cells[col];
    if (!cell) return type === 'num' ? -Infinity : '';
    if (type === 'num') {
      var v = cell.getAttribute('data-v');
      var n = parseFloat(v === null ? cell.textContent : v);
      return isNaN(n) ? -Infinity : n;
    }
    return cell.textContent.trim().toLowerCase();
  }

  function makeSortable(table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      var type = th.getAttribute('data-type');
      if (!type) return;
      th.tabIndex = 0;
      th.title = th.title || 'sort';
      function sort() {
        var asc = !th.classList.contains('asc');
        Array.prototype.forEach.call(heads, function (h) { h.classList.remove('asc', 'desc'); });
        th.classList.add(asc ? 'asc' : 'desc');
        var body = table.tBodies[0];
        var rows = Array.prototype.filter.call(body.rows, function (r) { return !r.classList.contains('det'); });
        var keyed = rows.map(function (r, i) { return {r: r, k: cellKey(r, col, type), i: i}; });
        keyed.sort(function (a, b) {
          var c = a.k < b.k ? -1 : a.k > b.k ? 1 : 0;
          return (asc ? c : -c) || a.i - b.i;
        });
        var frag = document.createDocumentFragment();
        keyed.forEach(function (x) {
          frag.appendChild(x.r);
          if (x.r.detailRow) frag.appendChild(x.r.detailRow);
        });
        body.appendChild(frag);
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sort(); }
      });
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), makeSortable);

  // ---- the findings table: filters and details --------------------------------------------------
  var table = document.getElementById('findings');
  var rows = table ? Array.prototype.slice.call(table.tBodies[0].rows) : [];
  var q = document.getElementById('q');
  var verdict = document.getElementById('verdict');
  var minways = document.getElementById('minways');
  var sup = document.getElementById('sup');
  var shown = document.getElementById('shown');
  var PROBLEMS = {'conflict': 1, 'data-dependent': 1, 'unknown': 1};

  function matches(r) {
    var v = verdict ? verdict.value : '';
    var rv = r.getAttribute('data-verdict');
    if (v === 'problem' ? !PROBLEMS[rv] : v && v !== rv) return false;
    if (sup && !sup.checked && r.hasAttribute('data-sup')) return false;
    var m = minways ? parseInt(minways.value, 10) : NaN;
    if (!isNaN(m) && parseInt(r.getAttribute('data-w'), 10) < m) return false;
    var text = q ? q.value.trim().toLowerCase() : '';
    if (text) {
      if (r.searchText === undefined) r.searchText = r.textContent.toLowerCase();
      var words = text.split(/\s+/);
      for (var i = 0; i < words.length; i++) {
        if (r.searchText.indexOf(words[i]) < 0) return false;
      }
    }
    return true;
  }

  function applyFilters() {
    var n = 0;
    rows.forEach(function (r) {
      var ok = matches(r);
      r.hidden = !ok;
      if (r.detailRow) r.detailRow.hidden = !ok || r.detailRow.closed;
      if (ok) n++;
    });
    if (shown) shown.textContent = 'showing ' + n + ' of ' + plural(rows.length, 'access', 'accesses');
  }

  var timer = null;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(applyFilters, 120);
  }
  if (table) {
    document.getElementById('filters').hidden = false;
    [q, minways].forEach(function (x) {
      if (x) {
        x.addEventListener('input', later);
        x.addEventListener('change', applyFilters);
      }
    });
    [verdict, sup].forEach(function (x) { if (x) x.addEventListener('change', applyFilters); });
    applyFilters();
    table.tBodies[0].addEventListener('click', function (ev) {
      var b = ev.target.closest ? ev.target.closest('button.tg') : null;
      if (b) toggle(b.closest('tr'));
    });
  }

  function clearFilters() {
    if (q) q.value = '';
    if (verdict) verdict.value = '';
    if (minways) minways.value = '';
    if (sup) sup.checked = true;
    applyFilters();
  }

  function toggle(row, forceOpen) {
    var button = row.querySelector('button.tg');
    var open = forceOpen || !row.detailRow || row.detailRow.closed;
    if (open && !row.detailRow) {
      var i = parseInt(row.getAttribute('data-i'), 10);
      var tr = el('tr', 'det');
      var td = el('td');
      td.colSpan = row.cells.length;
      td.appendChild(detail(data.findings[i] || {}));
      tr.appendChild(td);
      row.parentNode.insertBefore(tr, row.nextSibling);
      row.detailRow = tr;
    }
    if (row.detailRow) {
      row.detailRow.closed = !open;
      row.detailRow.hidden = !open || row.hidden;
    }
    row.classList.toggle('open', open);
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
    button.textContent = open ? '\u25BE' : '\u25B8';
  }

  // ---- details of one finding ---------------------------------------------------------------------
  function detail(f) {
    var d = el('div', 'detail');
    d.appendChild(el('p', 'text', f.t || ''));
    var facts = [];
    if (f.s !== undefined) facts.push('lane stride ' + plural(f.s, 'byte', 'bytes'));
    if (f.p) facts.push(f.p.w + '-byte accesses, served in ' + plural(f.p.g.length, 'lane group', 'lane groups'));
    if (facts.length) d.appendChild(el('p', 'facts', facts.join('; ')));
    if (f.a && f.a.length) {
      d.appendChild(el('h4', null, 'Assumptions'));
      var ul = el('ul');
      f.a.forEach(function (a) { ul.appendChild(el('li', null, a)); });
      d.appendChild(ul);
    }
    d.appendChild(el('h4', null, f.fx && f.p ? 'The warp as written' : 'The warp'));
    d.appendChild(f.p ? picture(f.p) : el('p', 'muted', f.np || 'no picture'));
    if (f.fx) {
      d.appendChild(el('h4', null, 'Fix: ' + f.fx.d));
      var facts2 = 'after the fix: ' + f.fx.wa + '-way';
      if (f.fx.sb !== undefined) facts2 += ', ' + f.fx.sb + ' bytes of shared memory';
      d.appendChild(el('p', 'facts', facts2));
      (f.fx.e || []).forEach(function (e) {
        d.appendChild(el('div', 'muted', 'edit at ' + e.at));
        if (e.b !== undefined) {
          d.appendChild(el('pre', 'before', '- ' + e.b));
          d.appendChild(el('pre', 'after', '+ ' + e.a));
        } else {
          d.appendChild(el('pre', null, e.r));
        }
      });
      d.appendChild(el('h4', null, 'The warp after the fix'));
      d.appendChild(f.fx.p ? picture(f.fx.p) : el('p', 'muted', f.fx.np || 'no picture'));
    }
    return d;
  }

  function picture(p) {
    var box = el('div');
    var pics = el('div', 'pics');
    var worst = -1;
    p.g.forEach(function (g, i) { if (worst < 0 || g.p > p.g[worst].p) worst = i; });
    p.g.forEach(function (g, i) { pics.appendChild(groupPicture(p, g, i, i === worst && p.g.length > 1)); });
    box.appendChild(pics);
    var legend = 'Columns: the ' + p.b + ' banks. Rows: ' + p.b + ' consecutive ' + p.bb + '-byte words ('
        + (p.b * p.bb) + ' bytes) of the array, counted from its start; only rows the lanes touch are drawn '
        + '(a dashed line marks skipped rows). Numbers: the lanes on each word (\u00D7n: n lanes, listed on hover). '
        + 'Red: the bank that needs the most passes (orange: another bank that needs as many). '
        + 'Lanes in different groups never conflict.';
    if (p.off.length) legend += ' Inactive lanes: ' + ranges(p.off) + '.';
    box.appendChild(el('p', 'legend2', legend));
    return box;
  }

  function laneLabel(lanes) {
    if (lanes.length === 1) return String(lanes[0]);
    if (lanes.length === 2) return lanes[0] + ',' + lanes[1];
    if (lanes[lanes.length - 1] - lanes[0] === lanes.length - 1 && lanes[lanes.length - 1] < 100) {
      return lanes[0] + '\u2013' + lanes[lanes.length - 1];
    }
    return '\u00D7' + lanes.length;
  }

  function groupPicture(p, g, index, isWorst) {
    var CW = 28, CH = 19, LW = 74, TH = 16;
    var banks = p.b;
    var bad = g.p > 1;
    var W = LW + banks * CW + 1, H = TH + g.r.length * CH + 1;
    var inBank = [], lanesInBank = [], perBank = {}, busiest = null;
    g.r.forEach(function (row) {
      row[1].forEach(function (c) {
        perBank[c[0]] = (perBank[c[0]] || 0) + 1;
        if (c[0] === g.wb) {
          inBank.push(row[0] * banks + c[0]);
          c[1].forEach(function (l) { if (lanesInBank.indexOf(l) < 0) lanesInBank.push(l); });
          if (!busiest || c[1].length > busiest.lanes.length) busiest = {word: row[0] * banks + c[0], lanes: c[1]};
        }
      });
    });
    lanesInBank.sort(function (a, b) { return a - b; });
    var cap = 'Lanes ' + g.l[0] + '\u2013' + g.l[1] + ': ' + plural(g.p, 'pass', 'passes');
    if (bad && inBank.length >= g.p) {
      cap += ' \u2014 bank ' + g.wb + ' holds ' + inBank.length + ' different words (' + some(inBank)
          + '), touched by lanes ' + ranges(lanesInBank);
    } else if (bad && busiest) {
      cap += ' \u2014 atomic: lanes ' + ranges(busiest.lanes) + ' update word ' + busiest.word + ' (bank ' + g.wb
          + '), one after another';
    } else {
      cap += ' \u2014 conflict-free';
    }
    var wrap = el('div', 'pic');
    wrap.appendChild(el('p', 'cap' + (isWorst ? ' worst' : ''), cap + (isWorst ? ' (worst group)' : '')));
    var s = sv('svg', {'class': 'bp', viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, role: 'img'});
    s.appendChild(sv('title', {}, cap));
    if (g.wb >= 0) {
      s.appendChild(sv('rect', {'class': bad ? 'wb bad' : 'wb', x: LW + g.wb * CW, y: 0, width: CW, height: H}));
    }
    for (var b = 0; b < banks; b++) {
      s.appendChild(sv('text', {'class': b === g.wb && bad ? 'bh wbh' : 'bh', x: LW + b * CW + CW / 2, y: TH - 4}, b));
    }
    for (var x = 0; x <= banks; x++) {
      s.appendChild(sv('line', {'class': x % 8 === 0 ? 'grid8' : 'grid', x1: LW + x * CW, x2: LW + x * CW, y1: TH, y2: H}));
    }
    var prev = null;
    g.r.forEach(function (row, ri) {
      var y = TH + ri * CH;
      s.appendChild(sv('line', {'class': prev !== null && row[0] !== prev + 1 ? 'gap' : 'grid', x1: 0, x2: W, y1: y, y2: y}));
      prev = row[0];
      s.appendChild(sv('text', {'class': 'rl', x: LW - 5, y: y + CH - 6}, 'word ' + row[0] * banks));
      row[1].forEach(function (c) {
        // red: the model's worst bank; orange: another bank that needs as many passes
        var hot = bad && (c[0] === g.wb || perBank[c[0]] >= g.p);
        var cell = sv('g', {});
        cell.appendChild(sv('title', {}, 'word ' + (row[0] * banks + c[0]) + ', bank ' + c[0] + ': '
            + (c[1].length === 1 ? 'lane ' : 'lanes ') + ranges(c[1])));
        cell.appendChild(sv('rect', {'class': hot ? (c[0] === g.wb ? 'cell hot' : 'cell warm') : bad ? 'cell' : 'cell ok',
          x: LW + c[0] * CW + 1, y: y + 1, width: CW - 2, height: CH - 2, rx: 2}));
        var label = laneLabel(c[1]);
        cell.appendChild(sv('text', {'class': label.length > 4 ? 'ln long' : 'ln', x: LW + c[0] * CW + CW / 2, y: y + CH - 6},
            label));
        s.appendChild(cell);
      });
    });
    s.appendChild(sv('line', {'class': 'grid', x1: 0, x2: W, y1: H - 1, y2: H - 1}));
    wrap.appendChild(s);
    return wrap;
  }

  // ---- links: #finding-N opens its details, #fI-LN opens the file's source ------------------------
  function follow() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    if (!target) return;
    var m = /^finding-(\d+)$/.exec(id);
    if (m && table) {
      if (target.hidden) clearFilters();
      toggle(target, true);
    }
    for (var n = target.parentNode; n; n = n.parentNode) {
      if (n.tagName === 'DETAILS') n.open = true;
    }
    target.scrollIntoView({block: m ? 'start' : 'center'});
  }
  window.addEventListener('hashchange', follow);
  follow();
  document.documentElement.setAttribute('data-ready', 'true');
})();
