package io.agentloop.launcher;

import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionStore;
import io.agentloop.hooks.usage.PriceTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop report SESSION [-o FILE]}: one self-contained HTML page of a saved session's
 * runs ({@link ReportPage}), from the session and the events kept beside it ({@link SessionEvents}).
 */
final class ReportCommand extends LauncherCommand {
    String session;
    String output;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("report", "Writes a saved session's runs as one HTML page to look at or print: "
                + "each model call and tool call on a timeline, states, tokens, cost.");
        spec.addPositional(Cli.word(0, "SESSION", null, "The session: its id (see agentloop sessions), the start of "
                + "one, or latest.", () -> session, v -> session = v));
        spec.addOption(Cli.option(String.class, "FILE", "Where the page goes (default: SESSION-ID.html in this "
                + "folder; - for standard output).", () -> output, v -> output = v, "-o", "--output"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter err = err();
        if (session == null || session.isBlank()) {
            err.println("agentloop report: say which session, for example: agentloop report latest (the ids are in "
                    + "'agentloop sessions')");
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        PriceTable prices = LauncherHooks.prices(config);
        try (Platform platform = Platform.start(parent.home, config, new PrintWriter(Writer.nullWriter()))) {
            SessionStore store = LauncherSessions.store(platform, config);
            Session saved = store.load(find(store, session)).orElseThrow(() -> missing(session));
            Optional<ReportRuns> runs = LauncherSessions.eventsFile(platform, config, saved.info().id())
                    .filter(Files::isRegularFile).map(ReportRuns::read);
            String page = new ReportPage(saved, runs, prices, LauncherHooks.defaultRedactor(), Instant.now()).render();
            write(page, saved.info().id());
        }
        return Launcher.ANSWERED;
    }

    /** The id {@code named} stands for: an id, {@code latest}, or the start of exactly one id. */
    private static String find(SessionStore store, String named) {
        if (named.equals("latest")) {
            return store.latest().map(SessionInfo::id).orElseThrow(() -> new ConfigLoader.ConfigurationException(
                    "there are no sessions yet: every run and chat is saved as one"));
        }
        try {
            if (store.load(named).isPresent()) {
                return named;
            }
        } catch (IllegalArgumentException notAnId) {
            // perhaps the start of one
        }
        List<String> matching = store.list().stream().map(SessionInfo::id).filter(id -> id.startsWith(named)).toList();
        if (matching.size() > 1) {
            throw new ConfigLoader.ConfigurationException("'" + named + "' is the start of " + matching.size()
                    + " sessions (" + String.join(", ", matching.subList(0, Math.min(3, matching.size())))
                    + (matching.size() > 3 ? ", ..." : "") + "): give more of the id");
        }
        return matching.stream().findFirst().orElseThrow(() -> missing(named));
    }

    private static ConfigLoader.ConfigurationException missing(String named) {
        return new ConfigLoader.ConfigurationException("there is no session '" + named + "': list them with "
                + "'agentloop sessions' (or name the latest: agentloop report latest)");
    }

    private void write(String page, String id) {
        if ("-".equals(output)) {
            PrintWriter out = out();
            out.print(page);
            out.flush();
            return;
        }
        Path file = Path.of(output != null ? output : id + ".html");
        try {
            Files.writeString(file, page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigLoader.ConfigurationException("cannot write the report to " + file.toAbsolutePath() + ": "
                    + e.getMessage() + " (choose another file with -o)");
        }
        PrintWriter out = out();
        out.println("Wrote the report of session " + id + " to " + file.toAbsolutePath());
        out.flush();
    }
}
