package io.agentloop.launcher;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.session.Session;
import io.agentloop.core.session.SessionUsage;
import io.agentloop.hooks.usage.CostText;
import io.agentloop.hooks.usage.PriceTable;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The page of {@code agentloop report}: one HTML file, its style and script inline and a
 * Content-Security-Policy that lets nothing else in (no network, no other script). The session's
 * totals on top, then each run as a timeline ({@link ReportRuns}), then the conversation as saved.
 * A session without kept events (older, or from another store) shows its totals and conversation.
 */
final class ReportPage {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.systemDefault());
    /** How much of a tool's arguments or result the page shows. */
    private static final int SHOWN = 2000;

    private final Session session;
    private final Optional<ReportRuns> runs;
    private final PriceTable prices;
    private final ReportHtml html;
    private final Instant made;

    ReportPage(Session session, Optional<ReportRuns> runs, PriceTable prices, UnaryOperator<String> redact,
               Instant made) {
        this.session = session;
        this.runs = runs;
        this.prices = prices;
        this.html = new ReportHtml(redact);
        this.made = made;
    }

    String render() {
        String title = session.info().title();
        html.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
                        + "'unsafe-inline'; script-src " + ReportHtml.scriptHash(ReportStyle.SCRIPT) + "\">\n")
                .raw("<title>").text("Run report: " + title).raw("</title>\n<style>").raw(ReportStyle.CSS)
                .raw("</style>\n</head>\n<body>\n<main>\n<header class=\"top\"><div><h1>").text(title)
                .raw("</h1><div class=\"sub\">Session <code>").text(session.info().id()).raw("</code> &middot; created ")
                .text(TIME.format(session.info().created())).raw(" &middot; updated ")
                .text(TIME.format(session.info().updated())).raw("</div></div>")
                .raw("<button id=\"expand\" type=\"button\">Expand all</button></header>\n");
        totals();
        runs.ifPresentOrElse(r -> r.blocks.forEach(this::block), () -> html.raw("<p class=\"note\">No run events were "
                + "kept for this session (it was saved before they were, or by another session store): its totals come "
                + "from its checkpoints, and the conversation below is all there is to show.</p>\n"));
        conversation();
        html.raw("<footer>Made by agentloop report at ").text(TIME.format(made)).raw(". Secrets are masked; text from "
                + "the model and tools is shown as text.</footer>\n</main>\n<script>").raw(ReportStyle.SCRIPT)
                .raw("</script>\n</body>\n</html>\n");
        return html.toString();
    }

    /** The runs started by the user (their usage includes their sub-agents'). */
    private List<ReportRuns.Run> topRuns() {
        List<ReportRuns.Run> top = new ArrayList<>();
        runs.ifPresent(r -> r.blocks.forEach(block -> {
            switch (block) {
                case ReportRuns.Run run -> top.add(run);
                case ReportRuns.Plan plan -> plan.steps.forEach(step -> top.addAll(step.runs));
            }
        }));
        return top;
    }

    private void totals() {
        List<ReportRuns.Run> top = topRuns();
        long modelCalls;
        long toolCalls;
        Usage usage;
        double millis = -1;
        String cost;
        if (runs.isPresent()) {
            List<ReportRuns.Run> all = runs.get().allRuns();
            modelCalls = all.stream().mapToLong(r -> r.items.stream().filter(ReportRuns.ModelCall.class::isInstance)
                    .count()).sum();
            toolCalls = all.stream().mapToLong(r -> r.items.stream().filter(ReportRuns.ToolCall.class::isInstance)
                    .count()).sum();
            usage = top.stream().map(r -> r.usage).reduce(Usage.ZERO, Usage::plus);
            millis = top.stream().mapToDouble(r -> r.durationMillis).sum();
            cost = cost(top);
        } else {
            modelCalls = session.messages().stream().filter(AssistantMessage.class::isInstance).count();
            toolCalls = session.messages().stream().filter(AssistantMessage.class::isInstance)
                    .mapToLong(m -> ((AssistantMessage) m).toolCalls().size()).sum();
            usage = SessionUsage.total(session);
            cost = "not known";
        }
        html.raw("<section class=\"totals\">");
        total(Integer.toString(runs.isPresent() ? top.size() : SessionUsage.counted(session).size()), "runs");
        total(ReportHtml.count(modelCalls), "model calls");
        total(ReportHtml.count(toolCalls), "tool calls");
        total(ReportHtml.count(usage.inputTokens()) + " in", "tokens, " + ReportHtml.count(usage.outputTokens())
                + " out");
        total(millis < 0 ? "?" : ReportHtml.millis(millis), "time running");
        total(cost, "cost");
        html.raw("</section>\n");
    }

    private void total(String value, String label) {
        html.raw("<div class=\"total\"><div class=\"value\">").text(value).raw("</div><div class=\"label\">")
                .text(label).raw("</div></div>");
    }

    /** What the runs cost at the configured prices, or which model has none. */
    private String cost(List<ReportRuns.Run> top) {
        double sum = 0;
        for (ReportRuns.Run run : top) {
            var price = prices.find(run.provider, run.model);
            if (price.isEmpty()) {
                return "no price for " + run.provider + "/" + run.model;
            }
            sum += price.get().cost(run.usage);
        }
        return CostText.of(sum);
    }

    private void block(ReportRuns.Block block) {
        switch (block) {
            case ReportRuns.Run run -> {
                html.raw("<section class=\"card run\" data-kind=\"run\">");
                run(run);
                html.raw("</section>\n");
            }
            case ReportRuns.Plan plan -> plan(plan);
        }
    }

    private void plan(ReportRuns.Plan plan) {
        html.raw("<section class=\"card plan\" data-kind=\"plan\"><div class=\"card-head\"><h2>Plan</h2><span "
                + "class=\"sub\">").text(plan.steps.size() + " steps").raw("</span></div>");
        for (ReportRuns.Step step : plan.steps) {
            String status = switch (step.status) {
                case "done" -> "ok";
                case "failed" -> "bad";
                default -> "plain";
            };
            html.raw("<div class=\"step\" data-kind=\"step\"><div class=\"line\"><span class=\"kind\">Step ")
                    .text(step.id).raw("</span><span class=\"name\">").text(step.description)
                    .raw("</span><span class=\"pill ").raw(status).raw("\">").text(step.status).raw("</span></div>");
            if (!step.result.isEmpty()) {
                preBlock("Result", step.result, true);
            }
            for (ReportRuns.Run run : step.runs) {
                html.raw("<div class=\"nested\">");
                run(run);
                html.raw("</div>");
            }
            html.raw("</div>");
        }
        html.raw("</section>\n");
    }

    /** A run's head, states, timeline and outcome. */
    private void run(ReportRuns.Run run) {
        String outcome = run.ended() ? run.state + (run.reason.isEmpty() ? "" : " " + run.reason) : "did not finish";
        String tone = run.reason.equals("ANSWERED") ? "ok" : run.reason.equals("AWAITING_APPROVAL") ? "wait" : "bad";
        html.raw("<div class=\"card-head\"><h2>").text(run.agent).raw("</h2><span class=\"pill ").raw(tone).raw("\">")
                .text(outcome).raw("</span><span class=\"chips\">");
        chip(ReportHtml.millis(run.durationMillis));
        chip(run.iterations + (run.iterations == 1 ? " iteration" : " iterations"));
        chip(ReportHtml.count(run.usage.inputTokens()) + " in / " + ReportHtml.count(run.usage.outputTokens())
                + " out tokens");
        if (!run.model.isEmpty()) {
            chip(run.provider + "/" + run.model);
            prices.find(run.provider, run.model).ifPresent(p -> chip("cost " + CostText.of(p.cost(run.usage))));
        }
        html.raw("</span></div><div class=\"sub mono\">").text(run.runId + (run.started.isEmpty() ? ""
                : " · started " + TIME.format(Instant.parse(run.started)))).raw("</div>");
        states(run);
        html.raw("<ol class=\"timeline\">");
        run.items.forEach(item -> item(run, item));
        html.raw("</ol>");
        if (!run.pending.isEmpty()) {
            preBlock("Waiting for approval", String.join("\n", run.pending), true);
        }
        if (!run.executableConfig.isEmpty()) {
            preBlock("Changed files other programs run", String.join("\n", run.executableConfig), true);
        }
        if (!run.error.isEmpty()) {
            html.raw("<div class=\"answer error\"><h3>Error</h3><pre>").text(run.error).raw("</pre></div>");
        }
        if (!run.answer.isEmpty()) {
            html.raw("<div class=\"answer\"><h3>Answer</h3><pre>").text(run.answer).raw("</pre></div>");
        }
    }

    /** The loop's states as a bar in proportion to their time, and each state's total. */
    private void states(ReportRuns.Run run) {
        double total = run.states.stream().mapToDouble(Map.Entry::getValue).sum();
        if (total <= 0) {
            return;
        }
        html.raw("<div class=\"states\" role=\"img\" aria-label=\"time in each state\">");
        for (Map.Entry<String, Double> state : run.states) {
            html.raw("<span class=\"").text(state.getKey()).raw("\" style=\"width:")
                    .raw(String.format(Locale.ROOT, "%.3f", 100 * state.getValue() / total)).raw("%\" title=\"")
                    .text(state.getKey() + " " + ReportHtml.millis(state.getValue())).raw("\"></span>");
        }
        html.raw("</div><div class=\"legend\">");
        run.stateMillis.forEach((state, millis) -> html.raw("<span data-state=\"").text(state).raw("\"><i class=\"")
                .text(state).raw("\"></i>").text(state + " " + ReportHtml.millis(millis)).raw("</span>"));
        html.raw("</div>");
    }

    private void item(ReportRuns.Run run, ReportRuns.Item item) {
        switch (item) {
            case ReportRuns.ModelCall call -> modelCall(run, call);
            case ReportRuns.ToolCall call -> toolCall(run, call);
            case ReportRuns.SubAgent sub -> {
                html.raw("<li>");
                subAgent(sub.run());
                html.raw("</li>");
            }
            case ReportRuns.Compaction c -> html.raw("<li data-kind=\"compaction\"><span class=\"kind\">Compaction</span>")
                    .text(c.strategy() + ": " + c.before() + " messages to " + c.after()).raw("</li>");
        }
    }

    private void subAgent(ReportRuns.Run run) {
        html.raw("<div class=\"nested\" data-kind=\"sub-agent\"><span class=\"kind sub\">Sub-agent</span>");
        run(run);
        html.raw("</div>");
    }

    /** When something began, from the start of its run: where it stands on the run's timeline. */
    private void offset(ReportRuns.Run run, String at) {
        if (run.started.isEmpty() || at.isEmpty()) {
            return;
        }
        double millis = java.time.Duration.between(Instant.parse(run.started), Instant.parse(at)).toNanos() / 1e6;
        html.raw("<span class=\"at mono\" title=\"from the start of the run\">+").text(ReportHtml.millis(millis))
                .raw("</span>");
    }

    private void modelCall(ReportRuns.Run run, ReportRuns.ModelCall call) {
        html.raw("<li data-kind=\"model-call\"><div class=\"line\">");
        offset(run, call.at);
        html.raw("<span class=\"kind model\">Model call ")
                .text(Integer.toString(call.n)).raw("</span><span class=\"chips\">");
        chip(ReportHtml.millis(call.latencyMillis));
        chip(ReportHtml.count(call.usage.inputTokens()) + " in");
        chip(ReportHtml.count(call.usage.outputTokens()) + " out");
        if (call.usage.cachedInputTokens() > 0) {
            chip(ReportHtml.count(call.usage.cachedInputTokens()) + " cached");
        }
        if (call.usage.reasoningTokens() > 0) {
            chip(ReportHtml.count(call.usage.reasoningTokens()) + " reasoning");
        }
        if (!call.retries.isEmpty()) {
            chip(call.retries.size() + (call.retries.size() == 1 ? " retry" : " retries"));
        }
        html.raw("</span>");
        if (!call.decision.isEmpty()) {
            html.raw("<span class=\"sub\">").text(call.decision).raw("</span>");
        }
        html.raw("</div>");
        if (!call.retries.isEmpty()) {
            html.raw("<ul class=\"retries\">");
            call.retries.forEach(cause -> html.raw("<li>retried after: ").text(cause).raw("</li>"));
            html.raw("</ul>");
        }
        html.raw("</li>");
    }

    private void toolCall(ReportRuns.Run run, ReportRuns.ToolCall call) {
        String permission = call.permission.startsWith("denied") ? "denied"
                : call.permission.equals("allowed") ? "allowed"
                : call.permission.startsWith("approved") ? "approved" : "waited";
        html.raw("<li data-kind=\"tool-call\" data-tool=\"").text(call.name).raw("\" data-call-id=\"").text(call.id)
                .raw("\" data-ok=\"").raw(Boolean.toString(call.ok)).raw("\"><div class=\"line\">");
        offset(run, call.at);
        html.raw("<span class=\"kind tool\">Tool</span><span class=\"name mono\">").text(call.name).raw("</span>");
        String status = !call.finished ? "not finished" : call.ok ? "ok" : "error";
        html.raw("<span class=\"pill ").raw(!call.finished ? "wait" : call.ok ? "ok" : "bad").raw("\">").text(status)
                .raw("</span><span class=\"chips\">");
        if (call.durationMillis >= 0) {
            chip(ReportHtml.millis(call.durationMillis));
        }
        html.raw("</span><span class=\"permission ").raw(permission).raw("\">").text(call.permission)
                .raw("</span><span class=\"sub mono\">").text(call.id).raw("</span></div>");
        preBlock("Arguments", call.arguments, call.arguments.length() <= 400);
        call.subAgents.forEach(this::subAgent);
        if (call.finished) {
            preBlock("Result", call.result, call.result.length() <= 1200 && call.result.lines().count() <= 16);
        }
        html.raw("</li>");
    }

    private void chip(String text) {
        html.raw("<span class=\"chip\">").text(text).raw("</span>");
    }

    /** A labelled block of text, open when short. */
    private void preBlock(String label, String text, boolean open) {
        html.raw(open ? "<details open>" : "<details>").raw("<summary>").text(label).raw("</summary><pre class=\"")
                .text(label.toLowerCase(Locale.ROOT)).raw("\">").text(ReportHtml.excerpt(text, SHOWN)).raw("</pre></details>");
    }

    /** The conversation as the session keeps it, collapsed. */
    private void conversation() {
        html.raw("<section class=\"card conversation\"><details><summary><h2 style=\"display:inline\">Conversation"
                + "</h2> ").text(session.messages().size() + " messages as saved").raw("</summary>");
        for (Message message : session.messages()) {
            switch (message) {
                case SystemMessage m -> message("system", m.text());
                case UserMessage m -> message("user", m.text());
                case AssistantMessage m -> {
                    if (!m.text().isEmpty() || m.toolCalls().isEmpty()) {
                        message("assistant", m.text());
                    }
                    for (ToolCall call : m.toolCalls()) {
                        message("tool call " + call.name(), call.arguments());
                    }
                }
                case ToolMessage m -> {
                    for (ToolResultBlock result : m.results()) {
                        message((result.error() ? "error from " : "result of ") + result.toolName(), result.content());
                    }
                }
            }
        }
        html.raw("</details></section>\n");
    }

    private void message(String role, String text) {
        html.raw("<div class=\"message\"><div class=\"role\">").text(role).raw("</div><pre>")
                .text(ReportHtml.excerpt(text, SHOWN)).raw("</pre></div>");
    }
}
