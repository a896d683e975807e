package io.agentloop.launcher;

import io.agentloop.api.message.Usage;
import io.agentloop.hooks.usage.CostText;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link RunStats} for a person (aligned tables) or for a program (one JSON document whose field
 * names are part of the command's contract: change them only with docs/launcher.md).
 */
final class StatsReport {
    /** Costs are written as plain decimals (0.0002652), never in exponent form. */
    private static final JsonMapper JSON = JsonMapper.builder().enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    private StatsReport() {
    }

    static void text(RunStats stats, ZoneId zone, PrintWriter out) {
        String span = stats.since().map(s -> "since " + TIME.withZone(zone).format(s)).orElse("(all saved runs)");
        if (stats.runs() == 0) {
            out.println("No runs " + (stats.since().isPresent() ? span : "saved yet") + ": every run and chat is saved "
                    + "as a session, and its figures show here.");
            return;
        }
        out.printf(Locale.ROOT, "%d run%s in %d session%s %s%n", stats.runs(), stats.runs() == 1 ? "" : "s",
                stats.sessions(), stats.sessions() == 1 ? "" : "s", span);
        out.printf(Locale.ROOT, "Success rate: %s (%d answered)%n", percent(stats.successRate().orElseThrow()),
                stats.succeeded());
        out.println(stats.p50().map(p50 -> "Duration: p50 " + duration(p50) + ", p95 " + duration(stats.p95()
                .orElseThrow()) + " (" + stats.timed() + " run" + (stats.timed() == 1 ? "" : "s") + ")"
                + (stats.timed() < stats.runs() ? "; " + (stats.runs() - stats.timed()) + " saved without a duration"
                        : "")).orElse("Duration: none saved (runs from before durations were kept)"));

        List<String[]> outcomes = new ArrayList<>();
        outcomes.add(new String[] {"Outcome", "Runs", "Share"});
        stats.outcomes().forEach(o -> outcomes.add(new String[] {o.name(), Long.toString(o.count()),
                percent((double) o.count() / stats.runs())}));
        table(out, outcomes);

        table(out, groups("Day", stats.byDay(), stats.total()));
        table(out, groups("Model", stats.byModel(), stats.total()));
        if (stats.total().unpriced() > 0) {
            out.printf(Locale.ROOT, "%d run%s without a price for their model are not in the cost: add lines to "
                    + "pricing, e.g. 'openai/gpt-4.1-mini input=0.40 output=1.60'%n", stats.total().unpriced(),
                    stats.total().unpriced() == 1 ? "" : "s");
        }

        if (stats.failingTools().isEmpty()) {
            out.println();
            out.println("No tool call failed.");
        } else {
            List<String[]> tools = new ArrayList<>();
            tools.add(new String[] {"Tools that fail most", "Failures"});
            stats.failingTools().forEach(t -> tools.add(new String[] {t.name(), Long.toString(t.count())}));
            table(out, tools);
        }
        if (!stats.deniedTools().isEmpty()) { // refused by a rule, a hook or a person: the tool never ran
            List<String[]> tools = new ArrayList<>();
            tools.add(new String[] {"Tools denied most", "Denials"});
            stats.deniedTools().forEach(t -> tools.add(new String[] {t.name(), Long.toString(t.count())}));
            table(out, tools);
        }
    }

    private static List<String[]> groups(String title, List<RunStats.Group> groups, RunStats.Group total) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {title, "Runs", "Input tokens", "Output tokens", "Cost"});
        for (RunStats.Group group : groups) {
            rows.add(row(group.key(), group));
        }
        rows.add(row("Total", total));
        return rows;
    }

    private static String[] row(String name, RunStats.Group group) {
        return new String[] {name, Integer.toString(group.runs()), String.format(Locale.ROOT, "%,d",
                group.usage().inputTokens()), String.format(Locale.ROOT, "%,d", group.usage().outputTokens()),
                group.cost().isPresent() ? CostText.of(group.cost().getAsDouble()) : "-"};
    }

    /** The first column left-aligned, the others (numbers) right-aligned, two spaces between, after a blank line. */
    private static void table(PrintWriter out, List<String[]> rows) {
        int[] widths = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        out.println();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + widths[0] + "s", row[0]));
            for (int i = 1; i < row.length; i++) {
                line.append("  ").append(String.format(Locale.ROOT, "%" + widths[i] + "s", row[i]));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", share * 100);
    }

    /** {@code 850 ms}, {@code 12.3 s}, {@code 4 min 05 s}. */
    static String duration(Duration d) {
        long millis = d.toMillis();
        if (millis < 1000) {
            return millis + " ms";
        }
        if (millis < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return String.format(Locale.ROOT, "%d min %02d s", millis / 60_000, millis / 1000 % 60);
    }

    static String json(RunStats stats) {
        ObjectNode root = JSON.createObjectNode();
        stats.since().ifPresentOrElse(s -> root.put("since", s.toString()), () -> root.putNull("since"));
        root.put("sessions", stats.sessions()).put("runs", stats.runs()).put("succeeded", stats.succeeded());
        number(root, "success_rate", stats.successRate());
        ArrayNode outcomes = root.putArray("outcomes");
        stats.outcomes().forEach(o -> outcomes.addObject().put("outcome", o.name()).put("runs", o.count()));
        ObjectNode duration = root.putObject("duration_ms").put("runs", stats.timed());
        millis(duration, "p50", stats.p50());
        millis(duration, "p95", stats.p95());
        ArrayNode days = root.putArray("by_day");
        stats.byDay().forEach(day -> group(days.addObject().put("day", day.key()), day));
        ArrayNode models = root.putArray("by_model");
        stats.byModel().forEach(model -> group(models.addObject().put("model", model.key()), model));
        group(root.putObject("total"), stats.total());
        ArrayNode tools = root.putArray("failing_tools");
        stats.failingTools().forEach(t -> tools.addObject().put("tool", t.name()).put("failures", t.count()));
        ArrayNode denied = root.putArray("denied_tools");
        stats.deniedTools().forEach(t -> denied.addObject().put("tool", t.name()).put("denials", t.count()));
        return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private static void group(ObjectNode node, RunStats.Group group) {
        Usage usage = group.usage();
        node.put("runs", group.runs()).put("input_tokens", usage.inputTokens())
                .put("output_tokens", usage.outputTokens()).put("cached_input_tokens", usage.cachedInputTokens())
                .put("reasoning_tokens", usage.reasoningTokens());
        if (group.cost().isPresent()) {
            node.put("cost", CostText.decimal(group.cost().getAsDouble()));
        } else {
            node.putNull("cost");
        }
        node.put("unpriced_runs", group.unpriced());
    }

    private static void number(ObjectNode node, String field, OptionalDouble value) {
        if (value.isPresent()) {
            node.put(field, value.getAsDouble());
        } else {
            node.putNull(field);
        }
    }

    private static void millis(ObjectNode node, String field, Optional<Duration> value) {
        if (value.isPresent()) {
            node.put(field, value.get().toMillis());
        } else {
            node.putNull(field);
        }
    }
}
