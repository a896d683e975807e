package io.agentloop.launcher;

import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionStore;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.core.session.RunSummary;
import io.agentloop.hooks.usage.PriceTable;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop stats [--since 7d] [--json] [--top N]}: figures over the saved runs, from the sessions'
 * runs index ({@link FileSessionStore#runs()}), so ten thousand sessions take one file read. A
 * store from a plugin is read session by session.
 */
final class StatsCommand extends LauncherCommand {
    String since;
    int top = 10;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("stats", "Figures over the saved runs: outcomes and success rate, duration "
                + "p50/p95, tokens and cost by day and by model, the tools that fail most.");
        spec.addOption(Cli.option(String.class, "WHEN", "Only runs that ended since then: 7d, 24h, 30m, or a date "
                + "(2026-11-01). Default: all.", () -> since, v -> since = v, "--since"));
        spec.addOption(Cli.option(Integer.class, "N", "How many failing tools to show (default 10).", () -> top,
                v -> top = v, "--top"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        ZoneId zone = ZoneId.systemDefault();
        Optional<Instant> from;
        try {
            from = Optional.ofNullable(since).map(text -> Since.parse(text, Instant.now(), zone));
        } catch (IllegalArgumentException e) {
            err.println("agentloop stats: " + e.getMessage());
            return Launcher.USAGE;
        }
        if (top < 1) {
            err.println("agentloop stats: --top must be 1 or more, not " + top);
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        PriceTable prices = LauncherHooks.prices(config);
        List<RunSummary> runs;
        try (Platform platform = Platform.start(parent.home, config, new PrintWriter(Writer.nullWriter()))) {
            runs = runs(LauncherSessions.store(platform, config));
        }
        RunStats stats = RunStats.of(runs, from, zone, prices, top);
        if (options.json) { // one JSON document, its fields in docs/launcher.md
            out.println(StatsReport.json(stats));
        } else {
            StatsReport.text(stats, zone, out);
        }
        out.flush();
        return Launcher.ANSWERED;
    }

    /** Every saved run: from the file store's index, or each session of another store read whole. */
    static List<RunSummary> runs(SessionStore store) {
        if (store instanceof FileSessionStore files) {
            return files.runs();
        }
        return store.list().stream().map(SessionInfo::id).map(store::load).flatMap(Optional::stream)
                .flatMap(session -> RunSummary.of(session).stream()).toList();
    }
}
