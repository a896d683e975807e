package io.agentloop.launcher;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.SystemMessage;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionStore;
import io.agentloop.core.session.SessionUsage;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code agentloop sessions [list | show ID | fork ID | delete ID]}: the saved conversations. */
final class SessionsCommand extends LauncherCommand {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    String action = "list";
    String id;
    String at;
    boolean full;
    int limit = 20;
    boolean all;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("sessions", "Lists saved sessions; show, fork or delete one. Continue one with "
                + "run or chat --resume ID (or --continue for the latest).");
        spec.addPositional(Cli.word(0, "ACTION", "list", "list (default), show, fork or delete.", () -> action,
                v -> action = v));
        spec.addPositional(Cli.word(1, "ID", null, "The session (see list).", () -> id, v -> id = v));
        spec.addOption(Cli.option(String.class, "CHECKPOINT", "fork: copy the session as it was at this checkpoint.",
                () -> at, v -> at = v, "--at"));
        spec.addOption(Cli.flag("show: print whole messages, not their first lines.", () -> full, v -> full = v,
                "--full"));
        spec.addOption(Cli.option(Integer.class, "N", "list: the N most recent sessions (default 20).", () -> limit,
                v -> limit = v, "--limit"));
        spec.addOption(Cli.flag("list: every session.", () -> all, v -> all = v, "--all"));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        LauncherConfig config = config();
        try (Platform platform = Platform.start(parent.home, config, new PrintWriter(Writer.nullWriter()))) {
            SessionStore store = LauncherSessions.store(platform, config);
            if (!action.equals("list") && id == null) {
                err.println("agentloop sessions " + action + ": say which session, for example: agentloop sessions "
                        + action + " ID (the ids are in 'agentloop sessions')");
                return Launcher.USAGE;
            }
            try {
                switch (action) {
                    case "list" -> {
                        if (limit < 1) {
                            err.println("agentloop sessions: --limit must be 1 or more, not " + limit);
                            return Launcher.USAGE;
                        }
                        list(store, out, all ? Integer.MAX_VALUE : limit);
                    }
                    case "show" -> show(store.load(id).orElseThrow(() -> missing(id)), out);
                    case "fork" -> {
                        SessionInfo fork = store.fork(id, Optional.ofNullable(at));
                        out.println("Forked " + id + (at == null ? "" : " at " + at) + " into " + fork.id()
                                + ": continue it with agentloop run --resume " + fork.id() + " \"...\"");
                    }
                    case "delete" -> {
                        if (!store.delete(id)) {
                            throw missing(id);
                        }
                        deleteEvents(platform, config, id);
                        out.println("Deleted session " + id + ".");
                    }
                    default -> {
                        err.println("agentloop sessions: unknown action '" + action + "': use list, show, fork or "
                                + "delete");
                        return Launcher.USAGE;
                    }
                }
            } catch (NoSuchElementException | IllegalArgumentException e) {
                throw new ConfigLoader.ConfigurationException(e.getMessage());
            }
        }
        out.flush();
        return Launcher.ANSWERED;
    }

    /** The runs' events kept beside the session go with it. */
    private static void deleteEvents(Platform platform, LauncherConfig config, String id) {
        LauncherSessions.eventsFile(platform, config, id).ifPresent(file -> {
            try {
                java.nio.file.Files.deleteIfExists(file);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("deleted session " + id + " but not its events file " + file
                        + ": " + e.getMessage() + " (delete it by hand)", e);
            }
        });
    }

    private static NoSuchElementException missing(String id) {
        return new NoSuchElementException("there is no session '" + id + "': list them with 'agentloop sessions'");
    }

    private static void list(SessionStore store, PrintWriter out, int limit) {
        List<SessionInfo> sessions = store.list();
        if (sessions.isEmpty()) {
            out.println("No sessions yet: every run and chat is saved as one.");
        }
        for (SessionInfo session : sessions.subList(0, Math.min(limit, sessions.size()))) {
            out.printf(Locale.ROOT, "%s  %s  %3d messages  %s%n", session.id(), TIME.format(session.updated()),
                    session.messageCount(), TerminalText.printable(session.messageCount() > 0 ? session.title()
                            : session.title().equals("untitled") ? "empty" : "empty: " + session.title()));
        }
        if (sessions.size() > limit) {
            out.printf(Locale.ROOT, "... and %d older session%s: agentloop sessions --all (or --limit N) lists them%n",
                    sessions.size() - limit, sessions.size() - limit == 1 ? "" : "s");
        }
    }

    private void show(Session session, PrintWriter out) {
        SessionInfo info = session.info();
        out.println("Session " + info.id() + ": " + TerminalText.printable(info.title()));
        out.println("created " + TIME.format(info.created()) + ", updated " + TIME.format(info.updated()) + ", "
                + info.messageCount() + " messages");
        for (Message message : session.messages()) {
            switch (message) {
                case SystemMessage m -> out.println("system: " + shorten(m.text()));
                case UserMessage m -> out.println("user: " + shorten(m.text()));
                case AssistantMessage m -> {
                    if (!m.text().isEmpty()) {
                        out.println("assistant: " + shorten(m.text()));
                    }
                    for (ToolCall call : m.toolCalls()) {
                        out.println("  tool call " + call.name() + " " + shorten(call.arguments()));
                    }
                }
                case ToolMessage m -> {
                    for (ToolResultBlock result : m.results()) {
                        out.println("  " + (result.error() ? "error from " : "result of ") + result.toolName() + ": "
                                + shorten(result.content()));
                    }
                }
            }
        }
        session.openTurn().ifPresent(turn -> openTurn(turn, info.id(), out));
        for (Session.Restorable restorable : session.checkpoints()) {
            var checkpoint = restorable.checkpoint();
            out.printf(Locale.ROOT, "checkpoint %s  %s  %s, %d messages, tokens in %d, out %d%n", checkpoint.name(),
                    TIME.format(checkpoint.at()), checkpoint.state(), restorable.messages().size(),
                    checkpoint.usage().inputTokens(), checkpoint.usage().outputTokens());
        }
        // each model call once: a run that went on from a pause holds the pause's tokens, a killed run's are on record
        Usage total = SessionUsage.total(session);
        out.printf(Locale.ROOT, "tokens in %d, out %d in all%n", total.inputTokens(), total.outputTokens());
    }

    /** The turn the last run stopped in: how far each call got, and how to go on. */
    private void openTurn(OpenTurn turn, String id, PrintWriter out) {
        if (!turn.turn().text().isEmpty()) {
            out.println("assistant: " + shorten(turn.turn().text()));
        }
        for (CallProgress call : turn.calls()) {
            String stage = switch (call.stage()) {
                case FINISHED -> "finished";
                case STARTED -> "interrupted: started and did not finish";
                case PENDING -> call.decision().map(d -> d.approved() ? "approved" : "denied")
                        .orElse("waits for approval");
                case NOT_STARTED -> "not started";
            };
            out.println("  tool call " + call.call().name() + " " + shorten(call.call().arguments()) + "  [" + stage
                    + "]");
        }
        out.println("The last run stopped in this turn: go on with agentloop run --resume " + id);
    }

    /** A message's text as shown: its first line, unless all is asked for; never its control characters. */
    private String shorten(String text) {
        if (full) {
            return TerminalText.printable(text);
        }
        String first = text.strip().lines().findFirst().orElse("");
        boolean cut = first.length() > 160 || text.strip().lines().count() > 1;
        return TerminalText.printable(first.length() > 160 ? first.substring(0, 160) : first) + (cut ? " ..." : "");
    }
}
