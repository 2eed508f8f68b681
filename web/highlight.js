// Shared by the report and the playground: a query with marked byte ranges (atoms at their spans,
// diagnostics) as a <pre> of text and <span class="hl hl-KIND">. Spans are UTF-8 byte offsets, as the
// library reports them; nested marks show the innermost one.
const QdiffHighlight = (() => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // marks: [{begin, end, kind, title, component}]
  function render(text, marks) {
    const pre = document.createElement('pre');
    pre.className = 'query';
    if (text == null || text === '') {
      pre.textContent = '(no query)';
      pre.classList.add('empty');
      return pre;
    }
    const bytes = encoder.encode(text);
    const valid = (marks || []).filter(m => m && m.end > m.begin && m.begin >= 0 && m.end <= bytes.length);
    const cuts = new Set([0, bytes.length]);
    for (const m of valid) { cuts.add(m.begin); cuts.add(m.end); }
    const points = [...cuts].sort((a, b) => a - b);
    let open = null, openMark = null;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i], b = points[i + 1];
      const piece = decoder.decode(bytes.subarray(a, b));
      let best = null;
      for (const m of valid)
        if (m.begin <= a && m.end >= b && (!best || m.end - m.begin < best.end - best.begin)) best = m;
      if (!best) { pre.append(piece); open = openMark = null; continue; }
      if (best === openMark) { open.textContent += piece; continue; }
      open = document.createElement('span');
      open.className = 'hl hl-' + best.kind;
      if (best.title) open.title = best.title;
      if (best.component) open.dataset.component = best.component;
      open.textContent = piece;
      openMark = best;
      pre.append(open);
    }
    return pre;
  }

  function legend() {
    const div = document.createElement('div');
    div.className = 'legend muted';
    for (const [kind, label] of [['matched', 'matched'], ['changed', 'changed'], ['missing', 'missing (expected only)'],
                                 ['extra', 'invented (generated only)']]) {
      const s = document.createElement('span');
      s.innerHTML = '<span class="hl hl-' + kind + '">' + label + '</span>';
      div.append(s);
    }
    return div;
  }

  return { render, legend };
})();
