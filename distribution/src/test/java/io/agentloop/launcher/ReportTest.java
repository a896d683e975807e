package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code agentloop report}: the page made from a session a real run recorded ({@link RecordedRun}). */
class ReportTest {
    @TempDir
    Path home;
    RecordedRun run;

    @BeforeEach
    void record() throws IOException {
        run = RecordedRun.in(home);
    }

    @AfterEach
    void stop() {
        run.close();
    }

    private String report(String session) throws IOException {
        Path page = home.resolve("report.html");
        assertThat(run.launcher("report", session, "-o", page.toString())).as(run.err.toString()).isZero();
        return Files.readString(page);
    }

    /** The elements with this data-kind, each from its opening tag to the next one of the same kind. */
    private static List<String> items(String page, String kind) {
        Matcher matcher = Pattern.compile("<li [^>]*data-kind=\"" + kind + "\"").matcher(page);
        List<Integer> starts = matcher.results().map(m -> m.start()).toList();
        return java.util.stream.IntStream.range(0, starts.size()).mapToObj(i -> page.substring(starts.get(i),
                i + 1 < starts.size() ? starts.get(i + 1) : page.length())).toList();
    }

    @Test
    void everyModelCallAndToolCallOfTheRunAndItsSubAgentIsInThePage() throws IOException {
        String page = report(run.session());

        List<String> calls = items(page, "model-call");
        assertThat(calls).as("two model calls of the agent, two of the sub-agent").hasSize(4);
        assertThat(calls.getFirst()).contains("1 retry").contains("503").contains("50 in").contains("10 out");
        assertThat(page).contains("data-tool=\"read\" data-call-id=\"call_read\"")
                .contains("data-tool=\"bash\" data-call-id=\"call_bash\"")
                .contains("data-tool=\"task\" data-call-id=\"call_task\"")
                .contains("data-tool=\"read\" data-call-id=\"call_notes\"");
        assertThat(items(page, "tool-call")).hasSize(4);
        assertThat(items(page, "tool-call")).filteredOn(item -> item.contains("call_bash")).singleElement()
                .asString().contains("denied by policy");
        assertThat(items(page, "tool-call")).filteredOn(item -> item.contains("call_read")).singleElement()
                .asString().contains("allowed");
        assertThat(page).as("the sub-agent's run is nested in the task call's run")
                .containsPattern("data-kind=\"sub-agent\"[^>]*>[\\s\\S]*researcher[\\s\\S]*call_notes");
        assertThat(page).contains("EXECUTING").contains("OBSERVING").contains("COMPLETED");
        // 50 + 50 + 70 + 70 input and 10 + 10 + 5 + 5 output tokens: 240 * 2.00 + 30 * 8.00 per million
        assertThat(page).contains("240 in").contains("30 out").contains("0.0007");
    }

    @Test
    void textFromTheModelAndToolsIsEscapedAndSecretsAreMasked() throws IOException {
        String page = report(run.session());

        assertThat(page).doesNotContain("<img").doesNotContain("<b>markup")
                .contains("&lt;img src=x onerror=&quot;window.pwned=true;document.title=&#39;pwned&#39;&quot;&gt;")
                .contains("&lt;b&gt;markup&lt;/b&gt;");
        assertThat(page).doesNotContain(RecordedRun.PASSWORD).contains("password=[REDACTED]");
        assertThat(page).as("nothing is fetched: one inline style and one inline script, a policy that allows no more")
                .doesNotContainPattern("(src|href)=\"(https?:)?//").contains("default-src 'none'");
    }

    @Test
    void theEventsAreKeptBesideTheSessionPrivateToTheUser() throws IOException {
        Path events = run.sessions().resolve(run.session() + ".events");

        assertThat(Files.getPosixFilePermissions(events)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.readString(events)).doesNotContain(RecordedRun.PASSWORD).doesNotContain("text_delta");
        assertThat(run.launcher("sessions")).isZero();
        assertThat(run.out.toString()).as("the events file is no session of its own").doesNotContain(".events");
    }

    @Test
    void aSessionWithoutEventsShowsItsTotalsAndConversationAndDeletingASessionDeletesItsEvents() throws IOException {
        String id = run.session();
        Path events = run.sessions().resolve(id + ".events");
        Path kept = Files.move(events, home.resolve("kept.events"));

        String page = report(id);

        assertThat(page).contains("No run events were kept for this session").contains("240 in")
                .contains("tool call read").contains("tool call bash").contains("tool call task")
                .contains("&lt;img src=x").doesNotContain("<img");
        Files.move(kept, events);
        assertThat(run.launcher("sessions", "delete", id)).as(run.err.toString()).isZero();
        assertThat(events).doesNotExist();
    }

    @Test
    void theSessionIsNamedAsSessionsShowsItOrAsLatestAndTheReportCanGoToStandardOutput() throws IOException {
        String id = run.session();
        run.out.getBuffer().setLength(0);

        assertThat(run.launcher("report", "latest", "-o", "-")).as(run.err.toString()).isZero();
        assertThat(run.out.toString()).startsWith("<!DOCTYPE html>").contains(id);

        run.out.getBuffer().setLength(0);
        assertThat(run.launcher("report", id.substring(0, id.length() - 2), "-o", "-")).as(run.err.toString()).isZero();
        assertThat(run.out.toString()).as("a prefix of one session's id").contains(id);
    }

    @Test
    void theCommandDescribesItselfAndSaysWhatIsMissing() {
        assertThat(run.launcher("report", "--help")).isZero();
        assertThat(run.out.toString()).contains("Usage: agentloop report").contains("-o, --output=FILE");

        assertThat(run.launcher("report")).isEqualTo(Launcher.USAGE);
        assertThat(run.err.toString()).contains("agentloop report: say which session, for example: agentloop report "
                + "latest");
    }

    @Test
    void anUnknownSessionIsAClearError() {
        assertThat(run.launcher("report", "nope")).isEqualTo(Launcher.CONFIGURATION);

        assertThat(run.err.toString()).contains("there is no session 'nope'").contains("agentloop sessions");
    }
}
