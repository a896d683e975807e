package io.agentloop.launcher;

/**
 * The report page's style sheet and its one script, inline in the page so that the file is all
 * there is to it. The script only opens and closes the page's sections (for the button and before
 * printing); it builds nothing from the run's text.
 */
final class ReportStyle {
    private ReportStyle() {
    }

    static final String SCRIPT = """
            (function () {
              var button = document.getElementById('expand');
              var open = false;
              function all(value) {
                document.querySelectorAll('details').forEach(function (d) { d.open = value; });
              }
              button.addEventListener('click', function () {
                open = !open;
                all(open);
                button.textContent = open ? 'Collapse all' : 'Expand all';
              });
              window.addEventListener('beforeprint', function () { all(true); });
            })();
            """;

    static final String CSS = """
            :root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --paper: #ffffff; --ground: #f6f8fa;
              --reasoning: #4f6bed; --acting: #1a7f37; --deciding: #8c959f; --compacting: #8250df; --init: #c8d1da;
              --ok: #1a7f37; --bad: #cf222e; --wait: #9a6700; }
            * { box-sizing: border-box; }
            body { margin: 0; background: var(--ground); color: var(--ink);
              font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
            main { max-width: 1120px; margin: 0 auto; padding: 28px 24px 48px; }
            h1 { font-size: 24px; margin: 0 0 4px; overflow-wrap: anywhere; }
            h2 { font-size: 18px; margin: 0; }
            h3 { font-size: 15px; margin: 0; }
            .sub { color: var(--muted); font-size: 13px; }
            code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
            .top { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; }
            button { font: inherit; font-size: 13px; padding: 4px 12px; border: 1px solid var(--line); border-radius: 6px;
              background: var(--paper); color: var(--ink); cursor: pointer; }
            .totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 20px 0; }
            .total { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
            .total .value { font-size: 20px; font-weight: 600; overflow-wrap: anywhere; }
            .total .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
            .card { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px;
              margin: 16px 0; }
            .card-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 14px; }
            .pill { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
              border: 1px solid currentColor; white-space: nowrap; }
            .pill.ok { color: var(--ok); } .pill.bad { color: var(--bad); } .pill.wait { color: var(--wait); }
            .pill.plain { color: var(--muted); }
            .chips { display: inline-flex; flex-wrap: wrap; gap: 6px; }
            .chip { font-size: 12px; color: var(--muted); background: var(--ground); border-radius: 4px; padding: 0 6px; }
            .states { display: flex; height: 12px; border-radius: 6px; overflow: hidden; margin: 12px 0 6px;
              background: var(--ground); }
            .states span { display: block; height: 100%; min-width: 1px; }
            .EXECUTING { background: var(--reasoning); } .OBSERVING { background: var(--acting); }
            .PLANNING { background: var(--deciding); } .COMPACTING { background: var(--compacting); }
            .INIT { background: var(--init); }
            .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 12px; color: var(--muted); }
            .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 5px;
              vertical-align: -1px; }
            ol.timeline { list-style: none; margin: 14px 0 0; padding: 0 0 0 18px; border-left: 2px solid var(--line); }
            ol.timeline > li { position: relative; margin: 0 0 12px; padding-left: 6px; break-inside: avoid; }
            ol.timeline > li::before { content: ""; position: absolute; left: -25px; top: 6px; width: 10px; height: 10px;
              border-radius: 50%; background: var(--paper); border: 2px solid var(--deciding); }
            ol.timeline > li[data-kind=model-call]::before { border-color: var(--reasoning); }
            ol.timeline > li[data-kind=tool-call]::before { border-color: var(--acting); }
            ol.timeline > li[data-kind=tool-call][data-ok=false]::before { border-color: var(--bad); }
            ol.timeline > li[data-kind=compaction]::before { border-color: var(--compacting); }
            .kind { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; margin-right: 6px; }
            .kind.model { color: var(--reasoning); } .kind.tool { color: var(--acting); } .kind.sub { color: #bc4c00; }
            .line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; }
            .name { font-weight: 600; }
            .at { font-size: 12px; color: var(--muted); min-width: 64px; }
            .permission { font-size: 12px; }
            .permission.denied { color: var(--bad); } .permission.waited { color: var(--wait); }
            .permission.allowed { color: var(--muted); } .permission.approved { color: var(--ok); }
            details { margin-top: 4px; }
            summary { cursor: pointer; color: var(--muted); font-size: 12px; }
            pre { margin: 4px 0 0; padding: 8px 10px; background: var(--ground); border: 1px solid var(--line);
              border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 360px; overflow: auto; }
            .retries { margin: 4px 0 0; padding-left: 18px; font-size: 13px; color: var(--wait); }
            .nested { margin: 8px 0 4px; padding: 10px 14px; border: 1px solid var(--line); border-left: 4px solid #bc4c00;
              border-radius: 8px; background: #fffdfa; }
            .answer { margin-top: 14px; }
            .answer pre { background: #f0f6ff; border-color: #c9dcff; max-height: none; }
            .error pre { background: #fff1f0; border-color: #ffcecb; }
            .step { border-top: 1px solid var(--line); padding: 10px 0; }
            .conversation .message { margin: 10px 0; }
            .role { font-size: 11px; font-weight: 700; text-transform: uppercase; color: var(--muted); }
            .note { color: var(--muted); font-size: 13px; }
            footer { margin-top: 28px; color: var(--muted); font-size: 12px; }
            @media (max-width: 640px) { main { padding: 16px 12px; } .totals { grid-template-columns: 1fr 1fr; } }
            @media print {
              body { background: #fff; font-size: 11pt; }
              main { max-width: none; padding: 0; }
              .card, .total { border-color: #bbb; break-inside: avoid-page; }
              .card { break-inside: auto; }
              button { display: none; }
              pre { max-height: none; overflow: visible; }
              .states, .legend i, .pill, ol.timeline > li::before { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
            }
            """;
}
