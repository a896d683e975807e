package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolResultBlock;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.session.Checkpoint;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.hooks.usage.PriceTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code agentloop stats}: over ten thousand generated sessions every figure is what the test works
 * out from the runs it generated; and {@code --since}, an empty folder and small samples.
 */
class StatsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final ZoneId ZONE = ZoneId.systemDefault();
    private static final Instant START = LocalDate.of(2026, 10, 1).atStartOfDay(ZONE).toInstant();
    private static final List<String> OUTCOMES = List.of("COMPLETED ANSWERED", "COMPLETED ANSWERED",
            "COMPLETED ANSWERED", "COMPLETED ANSWERED", "COMPLETED ANSWERED", "COMPLETED ANSWERED", "FAILED",
            "COMPLETED MAX_ITERATIONS", "COMPLETED AWAITING_APPROVAL", "COMPLETED CANCELLED", "COMPLETED TIMEOUT");
    private static final List<String> MODELS = List.of("openai/gpt-4.1-mini", "anthropic/claude-sonnet-4",
            "ollama/llama3", "gemini/gemini-unlisted");
    private static final List<String> TOOLS = List.of("bash", "bash", "bash", "read", "read", "write", "grep",
            "fetch", "mcp-search", "edit", "glob", "task");
    /** Per million tokens: input, output, cached input. Gemini has none (nor does the built-in table). */
    private static final Map<String, double[]> PRICES = Map.of("openai/gpt-4.1-mini", new double[] {0.40, 1.60, 0.10},
            "anthropic/claude-sonnet-4", new double[] {3, 15, 0.30}, "ollama/llama3", new double[] {0, 0, 0});
    private static final List<String> PRICE_LINES = List.of("openai/gpt-4.1-mini input=0.40 output=1.60 cached=0.10",
            "anthropic/claude-sonnet-4 input=3 output=15 cached=0.30", "ollama/* input=0 output=0");

    @TempDir
    Path home;

    private Path sessions;
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        sessions = Files.createDirectories(home.resolve("sessions"));
        Files.createDirectories(home.resolve("plugins"));
        env.put("AGENTLOOP_CONFIG", home.resolve("user.yaml").toString());
        env.put("AGENTLOOP_SESSIONS", sessions.toString());
        StringBuilder config = new StringBuilder("pricing:\n");
        PRICE_LINES.forEach(line -> config.append("  - \"").append(line).append("\"\n"));
        Files.writeString(home.resolve("user.yaml"), config);
    }

    private int run(String... args) {
        return Launcher.run(args, home, env::get, new PrintWriter(out), new PrintWriter(err));
    }

    /** One generated run: what it was made with. A null duration is a run saved the older way. */
    record Made(String session, String name, Instant ended, String outcome, Long durationMillis, Usage usage,
                String model, List<String> failed) {
    }

    @Test
    void theGeneratedFilesAreWhatTheStoreWrites() throws IOException {
        FileSessionStore store = new FileSessionStore(sessions);
        SessionInfo info = store.create("same records");
        Checkpoint checkpoint = new Checkpoint("run-1", Instant.parse("2026-10-02T10:00:00.123456Z"), "FAILED",
                new Usage(120, 30, 20, 5), Map.of("agent", "agent", "model", "gpt-4.1-mini", "duration_ms", "1500"));
        AssistantMessage calls = new AssistantMessage(List.of(ToolCall.of("call_0", "bash", "{}")), Usage.of(1, 1),
                StopReason.TOOL_CALLS);
        try (SessionWriter writer = store.open(info.id())) {
            writer.append(UserMessage.of("question"));
            writer.append(calls);
            writer.appendResult(new ToolResultBlock("call_0", "bash", "it failed", true));
            writer.append(AssistantMessage.of("answer"));
            writer.checkpoint(checkpoint);
        }
        Path other = Files.createDirectories(home.resolve("other"));
        Instant at = Instant.parse("2026-10-02T09:59:00Z");
        Path generated = new SessionFiles(info.id(), "same records", info.created()).message(UserMessage.of("question"),
                at).failingCalls(List.of("bash"), at).message(AssistantMessage.of("answer"), at).checkpoint(checkpoint)
                .writeTo(other);

        assertThat(withoutWriteTimes(generated)).isEqualTo(withoutWriteTimes(sessions.resolve(info.id() + ".jsonl")));
    }

    /** The records, without the times the writer takes from the clock (messages, results). */
    private static List<JsonNode> withoutWriteTimes(Path file) throws IOException {
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            tools.jackson.databind.node.ObjectNode record = (tools.jackson.databind.node.ObjectNode) JSON.readTree(line);
            if (!record.path("type").asString().equals("checkpoint")) {
                record.remove("at");
            }
            records.add(record);
        }
        return records;
    }

    @Test
    void overTenThousandSessionsEveryFigureIsWhatTheSessionsSay() throws IOException {
        long generating = System.nanoTime();
        List<Made> made = generate(10_000, new Random(29));
        System.out.printf(Locale.ROOT, "stats: generated 10000 sessions, %d runs, in %d ms%n", made.size(),
                (System.nanoTime() - generating) / 1_000_000);

        long first = System.nanoTime();
        RunStats all = RunStats.of(StatsCommand.runs(new FileSessionStore(sessions)), Optional.empty(), ZONE,
                PriceTable.parse(PRICE_LINES), 10);
        long firstMillis = (System.nanoTime() - first) / 1_000_000;
        long second = System.nanoTime();
        RunStats again = RunStats.of(StatsCommand.runs(new FileSessionStore(sessions)), Optional.empty(), ZONE,
                PriceTable.parse(PRICE_LINES), 10);
        long secondMillis = (System.nanoTime() - second) / 1_000_000;
        System.out.printf(Locale.ROOT, "stats over 10000 sessions (%d runs), in process: %d ms reading every session "
                + "(building sessions.runs), %d ms from sessions.runs%n", made.size(), firstMillis, secondMillis);

        assertFigures(all, made, Optional.empty());
        assertThat(again).isEqualTo(all);
        Instant since = START.plus(Duration.ofDays(17)).plusSeconds(12_345);
        assertFigures(RunStats.of(StatsCommand.runs(new FileSessionStore(sessions)), Optional.of(since), ZONE,
                PriceTable.parse(PRICE_LINES), 10), made, Optional.of(since));

        String day = LocalDate.ofInstant(START, ZONE).plusDays(20).toString();
        long command = System.nanoTime();
        assertThat(run("stats", "--json", "--since", day)).as(err.toString()).isZero();
        System.out.printf(Locale.ROOT, "agentloop stats --json --since %s, in process through the command line: %d ms%n",
                day, (System.nanoTime() - command) / 1_000_000);
        assertJson(JSON.readTree(out.toString()), made, LocalDate.parse(day).atStartOfDay(ZONE).toInstant());

        out.getBuffer().setLength(0);
        long text = System.nanoTime();
        assertThat(run("stats")).as(err.toString()).isZero();
        System.out.printf(Locale.ROOT, "agentloop stats, in process through the command line: %d ms; it printed:%n%s",
                (System.nanoTime() - text) / 1_000_000, out);
        assertText(out.toString(), made);
    }

    /** Sessions of one to three runs over thirty days, of a seeded mix; each file settled in the past. */
    private List<Made> generate(int count, Random random) {
        List<Made> made = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            String id = String.format(Locale.ROOT, "s%05d", n);
            Instant time = START.plusSeconds(random.nextLong(30L * 86_400 - 4 * 3_600));
            SessionFiles file = new SessionFiles(id, "session " + n, time);
            int runs = 1 + random.nextInt(3);
            for (int r = 1; r <= runs; r++) {
                long millis = random.nextInt(10) == 0 ? 60_000 + random.nextInt(540_000) : 200 + random.nextInt(30_000);
                Instant started = time.plusSeconds(1 + random.nextInt(60));
                Instant ended = started.plusMillis(millis).plusNanos(random.nextInt(1_000_000));
                time = ended;
                long input = 100 + random.nextInt(200_000);
                long output = 10 + random.nextInt(20_000);
                Usage usage = new Usage(input, output, random.nextLong(input / 2 + 1), random.nextLong(output + 1));
                String outcome = OUTCOMES.get(random.nextInt(OUTCOMES.size()));
                List<String> failed = new ArrayList<>();
                for (int f = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : 0; f > 0; f--) {
                    failed.add(TOOLS.get(random.nextInt(TOOLS.size())));
                }
                boolean older = random.nextInt(10) == 0; // saved before runs named their model and duration
                String model = older ? RunStats.UNKNOWN_MODEL : MODELS.get(random.nextInt(MODELS.size()));
                file.message(UserMessage.of("task " + r), started);
                Map<String, String> data = new LinkedHashMap<>(Map.of("run_id", id + "-" + r, "iterations", "2",
                        "agent", "agent"));
                if (older) {
                    if (!failed.isEmpty()) {
                        file.failingCalls(failed, started);
                    }
                } else {
                    data.put("provider", model.substring(0, model.indexOf('/')));
                    data.put("model", model.substring(model.indexOf('/') + 1));
                    data.put("duration_ms", Long.toString(millis));
                    Map<String, Integer> byTool = new TreeMap<>();
                    failed.forEach(tool -> byTool.merge(tool, 1, Integer::sum));
                    StringBuilder text = new StringBuilder();
                    byTool.forEach((tool, c) -> text.append(text.isEmpty() ? "" : ",").append(tool).append('=').append(c));
                    data.put("failed_tools", text.toString());
                }
                file.message(AssistantMessage.of("answer " + r), ended);
                file.checkpoint(new Checkpoint("run-" + r, ended, outcome, usage, data));
                made.add(new Made(id, "run-" + r, ended, outcome, older ? null : millis, usage, model, failed));
            }
            Path written = file.writeTo(sessions);
            try {
                Files.setLastModifiedTime(written, FileTime.from(START.minusSeconds(count - n)));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return made;
    }

    /** One row of the expected tables, worked out here. */
    record Row(int runs, long input, long output, long cached, long reasoning, double cost, int priced) {
        Row plus(Made run) {
            double[] price = PRICES.get(run.model());
            double extra = price == null ? 0 : ((run.usage().inputTokens() - run.usage().cachedInputTokens()) * price[0]
                    + run.usage().cachedInputTokens() * price[2] + run.usage().outputTokens() * price[1]) / 1e6;
            return new Row(runs + 1, input + run.usage().inputTokens(), output + run.usage().outputTokens(),
                    cached + run.usage().cachedInputTokens(), reasoning + run.usage().reasoningTokens(), cost + extra,
                    priced + (price == null ? 0 : 1));
        }
    }

    private static final Row EMPTY = new Row(0, 0, 0, 0, 0, 0, 0);

    private static List<Made> counted(List<Made> made, Optional<Instant> since) {
        return made.stream().filter(run -> since.map(s -> !run.ended().isBefore(s)).orElse(true)).toList();
    }

    private static Map<String, Row> rows(List<Made> runs, java.util.function.Function<Made, String> key) {
        Map<String, Row> rows = new TreeMap<>();
        runs.forEach(run -> rows.merge(key.apply(run), EMPTY.plus(run), (a, b) -> a.plus(run)));
        return rows;
    }

    private static Map<String, Long> failures(List<Made> runs) {
        Map<String, Long> failures = new HashMap<>();
        runs.forEach(run -> run.failed().forEach(tool -> failures.merge(tool, 1L, Long::sum)));
        return failures;
    }

    /** The ten tools with the most failures, ties by name. */
    private static List<Map.Entry<String, Long>> topTen(List<Made> runs) {
        return failures(runs).entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).limit(10).toList();
    }

    private static long nearestRank(List<Long> sorted, int percent) {
        int rank = (int) Math.ceil(percent * sorted.size() / 100.0);
        return sorted.get(rank - 1);
    }

    private static void assertFigures(RunStats stats, List<Made> made, Optional<Instant> since) {
        List<Made> runs = counted(made, since);
        assertThat(runs).hasSizeGreaterThan(1000);
        assertThat(stats.since()).isEqualTo(since);
        assertThat(stats.runs()).isEqualTo(runs.size());
        assertThat(stats.sessions()).isEqualTo(runs.stream().map(Made::session).distinct().count());
        long answered = runs.stream().filter(run -> run.outcome().equals("COMPLETED ANSWERED")).count();
        assertThat(stats.succeeded()).isEqualTo(answered);
        assertThat(stats.successRate().orElseThrow()).isCloseTo((double) answered / runs.size(), within(1e-12));
        Map<String, Long> outcomes = new HashMap<>();
        runs.forEach(run -> outcomes.merge(run.outcome(), 1L, Long::sum));
        assertThat(stats.outcomes()).hasSize(outcomes.size()).allSatisfy(o ->
                assertThat(o.count()).as(o.name()).isEqualTo(outcomes.get(o.name())));
        assertThat(stats.outcomes()).isSortedAccordingTo(Comparator.comparingLong(RunStats.Count::count).reversed());

        List<Long> durations = runs.stream().map(Made::durationMillis).filter(d -> d != null).sorted().toList();
        assertThat(stats.timed()).isEqualTo(durations.size());
        assertThat(stats.p50()).contains(Duration.ofMillis(nearestRank(durations, 50)));
        assertThat(stats.p95()).contains(Duration.ofMillis(nearestRank(durations, 95)));

        Map<String, Row> days = rows(runs, run -> LocalDate.ofInstant(run.ended(), ZONE).toString());
        assertThat(stats.byDay()).extracting(RunStats.Group::key).containsExactlyElementsOf(days.keySet());
        stats.byDay().forEach(group -> assertGroup(group, days.get(group.key())));
        Map<String, Row> models = rows(runs, Made::model);
        assertThat(stats.byModel()).extracting(RunStats.Group::key).containsExactlyInAnyOrderElementsOf(models.keySet());
        stats.byModel().forEach(group -> assertGroup(group, models.get(group.key())));
        assertGroup(stats.total(), rows(runs, run -> "all").get("all"));

        assertThat(stats.failingTools()).extracting(RunStats.Count::name, RunStats.Count::count)
                .containsExactlyElementsOf(topTen(runs).stream().map(e -> org.assertj.core.groups.Tuple.tuple(
                        e.getKey(), e.getValue())).toList());
    }

    private static void assertGroup(RunStats.Group group, Row row) {
        assertThat(group.runs()).as(group.key()).isEqualTo(row.runs());
        assertThat(group.usage()).as(group.key()).isEqualTo(new Usage(row.input(), row.output(), row.cached(),
                row.reasoning()));
        assertThat(group.unpriced()).as(group.key()).isEqualTo(row.runs() - row.priced());
        if (row.priced() == 0) {
            assertThat(group.cost()).as(group.key()).isEmpty();
        } else {
            assertThat(group.cost().orElseThrow()).as(group.key()).isCloseTo(row.cost(), within(1e-6));
        }
    }

    private static void assertJson(JsonNode json, List<Made> made, Instant since) {
        List<Made> runs = counted(made, Optional.of(since));
        assertThat(json.path("since").asString()).isEqualTo(since.toString());
        assertThat(json.path("runs").asLong()).isEqualTo(runs.size());
        assertThat(json.path("sessions").asLong()).isEqualTo(runs.stream().map(Made::session).distinct().count());
        long answered = runs.stream().filter(run -> run.outcome().equals("COMPLETED ANSWERED")).count();
        assertThat(json.path("succeeded").asLong()).isEqualTo(answered);
        assertThat(json.path("success_rate").asDouble()).isCloseTo((double) answered / runs.size(), within(1e-12));
        Map<String, Long> outcomes = new HashMap<>();
        runs.forEach(run -> outcomes.merge(run.outcome(), 1L, Long::sum));
        Map<String, Long> shown = new HashMap<>();
        json.path("outcomes").forEach(o -> shown.put(o.path("outcome").asString(), o.path("runs").asLong()));
        assertThat(shown).isEqualTo(outcomes);

        List<Long> durations = runs.stream().map(Made::durationMillis).filter(d -> d != null).sorted().toList();
        assertThat(json.path("duration_ms").path("runs").asLong()).isEqualTo(durations.size());
        assertThat(json.path("duration_ms").path("p50").asLong()).isEqualTo(nearestRank(durations, 50));
        assertThat(json.path("duration_ms").path("p95").asLong()).isEqualTo(nearestRank(durations, 95));

        Map<String, Row> days = rows(runs, run -> LocalDate.ofInstant(run.ended(), ZONE).toString());
        List<String> dayKeys = new ArrayList<>();
        json.path("by_day").forEach(day -> {
            dayKeys.add(day.path("day").asString());
            assertJsonGroup(day, days.get(day.path("day").asString()));
        });
        assertThat(dayKeys).containsExactlyElementsOf(days.keySet());
        Map<String, Row> models = rows(runs, Made::model);
        Set<String> modelKeys = new HashSet<>();
        json.path("by_model").forEach(model -> {
            modelKeys.add(model.path("model").asString());
            assertJsonGroup(model, models.get(model.path("model").asString()));
        });
        assertThat(modelKeys).isEqualTo(models.keySet());
        assertJsonGroup(json.path("total"), rows(runs, run -> "all").get("all"));

        List<String> tools = new ArrayList<>();
        json.path("failing_tools").forEach(t -> tools.add(t.path("tool").asString() + "=" + t.path("failures").asLong()));
        assertThat(tools).containsExactlyElementsOf(topTen(runs).stream().map(e -> e.getKey() + "=" + e.getValue())
                .toList());
    }

    private static void assertJsonGroup(JsonNode group, Row row) {
        assertThat(group.path("runs").asInt()).isEqualTo(row.runs());
        assertThat(group.path("input_tokens").asLong()).isEqualTo(row.input());
        assertThat(group.path("output_tokens").asLong()).isEqualTo(row.output());
        assertThat(group.path("cached_input_tokens").asLong()).isEqualTo(row.cached());
        assertThat(group.path("reasoning_tokens").asLong()).isEqualTo(row.reasoning());
        assertThat(group.path("unpriced_runs").asInt()).isEqualTo(row.runs() - row.priced());
        if (row.priced() == 0) {
            assertThat(group.path("cost").isNull()).isTrue();
        } else {
            assertThat(group.path("cost").asDouble()).isCloseTo(row.cost(), within(1e-6));
        }
    }

    /** The text: the same figures, in aligned tables. */
    private static void assertText(String text, List<Made> made) {
        long answered = made.stream().filter(run -> run.outcome().equals("COMPLETED ANSWERED")).count();
        List<Long> durations = made.stream().map(Made::durationMillis).filter(d -> d != null).sorted().toList();
        assertThat(text).startsWith(made.size() + " runs in 10000 sessions (all saved runs)\n")
                .contains(String.format(Locale.ROOT, "Success rate: %.1f%% (%d answered)%n",
                        100.0 * answered / made.size(), answered))
                .contains("Duration: p50 " + StatsReport.duration(Duration.ofMillis(nearestRank(durations, 50)))
                        + ", p95 " + StatsReport.duration(Duration.ofMillis(nearestRank(durations, 95))));
        List<String> lines = text.lines().toList();
        String header = lines.stream().filter(line -> line.startsWith("Model ")).findFirst().orElseThrow();
        Row gpt = rows(made, Made::model).get("openai/gpt-4.1-mini");
        String row = lines.stream().filter(line -> line.startsWith("openai/gpt-4.1-mini ")).findFirst().orElseThrow();
        assertThat(row).as("the columns line up").hasSameSizeAs(header).matches(String.format(Locale.ROOT,
                "openai/gpt-4\\.1-mini +%d +%,d +%,d +%.4f", gpt.runs(), gpt.input(), gpt.output(), gpt.cost()));
        Map.Entry<String, Long> most = topTen(made).getFirst();
        assertThat(lines).contains("Tools that fail most  Failures").anySatisfy(line ->
                assertThat(line).matches(most.getKey() + " +" + most.getValue()));
    }

    @Test
    void aSmallCostShowsItsSignificantDigitsAndIsAPlainDecimalInJson() throws IOException {
        // 263 input tokens at 0.40 and 100 output at 1.60 per million: 0.0002652, which doubles add up to
        // 2.6520000000000005E-4
        Instant ended = START.plusSeconds(3_600);
        new SessionFiles("small", "a small run", START).message(UserMessage.of("task"), START)
                .message(AssistantMessage.of("answer"), ended)
                .checkpoint(new Checkpoint("run-1", ended, "COMPLETED ANSWERED", new Usage(263, 100, 0, 0), Map.of(
                        "run_id", "small-1", "iterations", "1", "agent", "agent", "provider", "openai", "model",
                        "gpt-4.1-mini", "duration_ms", "900")))
                .writeTo(sessions);

        assertThat(run("stats")).as(err.toString()).isZero();
        assertThat(out.toString().lines().filter(line -> line.startsWith("openai/gpt-4.1-mini")))
                .singleElement().asString().endsWith(" 0.00027");
        out.getBuffer().setLength(0);
        assertThat(run("stats", "--json")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("\"cost\" : 0.0002652").doesNotContain("E-");
        assertThat(JSON.readTree(out.toString()).path("total").path("cost").decimalValue())
                .isEqualByComparingTo("0.0002652");
    }

    @Test
    void aCallARuleRefusedIsCountedAsADenialNotAsAToolFailure() throws IOException {
        try (InProcessLauncher launcher = InProcessLauncher.start(home.resolve("installation"), "gpt-test")) {
            launcher.userConfig("permissions:\n  deny: [\"bash(rm *)\"]\n");
            launcher.server().enqueue(FakeOpenAi.toolCall("call_1", "bash", "{\"command\":\"rm -rf build\"}"));
            launcher.server().enqueue(FakeOpenAi.answer("It was refused."));
            assertThat(launcher.run("run", "clean up")).as(launcher.err()).isZero();
            launcher.forget();

            assertThat(launcher.run("stats")).as(launcher.err()).isZero();
            assertThat(launcher.out()).contains("No tool call failed.").containsPattern("Tools denied most +Denials\n"
                    + "bash +1\n");
            launcher.forget();
            assertThat(launcher.run("stats", "--json")).as(launcher.err()).isZero();
            JsonNode json = JSON.readTree(launcher.out());
            assertThat(json.path("failing_tools")).isEmpty();
            assertThat(json.path("denied_tools")).singleElement().satisfies(tool -> {
                assertThat(tool.path("tool").asString()).isEqualTo("bash");
                assertThat(tool.path("denials").asInt()).isEqualTo(1);
            });
        }
    }

    @Test
    void aLaunchersRunIsCountedWithItsModelAndDuration() {
        assertThat(run("run", "--example")).as(err.toString()).isZero();
        out.getBuffer().setLength(0);

        assertThat(run("stats", "--json")).as(err.toString()).isZero();
        JsonNode json = JSON.readTree(out.toString());
        assertThat(json.path("runs").asInt()).isEqualTo(1);
        assertThat(json.path("succeeded").asInt()).isEqualTo(1);
        assertThat(json.path("by_model")).singleElement().satisfies(model -> {
            assertThat(model.path("model").asString()).isEqualTo("example/example");
            assertThat(model.path("unpriced_runs").asInt()).isEqualTo(1);
        });
        assertThat(json.path("duration_ms").path("runs").asInt()).isEqualTo(1);
        assertThat(json.path("failing_tools")).isEmpty();
    }

    @Test
    void sinceTakesATimeBackOrADateAndNamesTheValueItCannotRead() {
        Instant now = Instant.parse("2026-11-26T12:00:00Z");
        assertThat(Since.parse("7d", now, ZoneOffset.UTC)).isEqualTo(Instant.parse("2026-11-19T12:00:00Z"));
        assertThat(Since.parse("24h", now, ZoneOffset.UTC)).isEqualTo(Instant.parse("2026-11-25T12:00:00Z"));
        assertThat(Since.parse(" 30m ", now, ZoneOffset.UTC)).isEqualTo(Instant.parse("2026-11-26T11:30:00Z"));
        assertThat(Since.parse("2026-11-01", now, ZoneOffset.ofHours(2))).isEqualTo(Instant.parse("2026-10-31T22:00:00Z"));
        assertThat(Since.parse("2026-11-01T09:30", now, ZoneOffset.UTC)).isEqualTo(Instant.parse("2026-11-01T09:30:00Z"));
        assertThat(Since.parse("2026-11-01T09:30:00+01:00", now, ZoneOffset.UTC))
                .isEqualTo(Instant.parse("2026-11-01T08:30:00Z"));

        for (String wrong : List.of("yesterday", "7x", "0d", "-7d", "2026-13-01", "")) {
            assertThatThrownBy(() -> Since.parse(wrong, now, ZoneOffset.UTC)).as(wrong)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--since must be a time back from now such as 7d, 24h or 30m, or a date such as "
                            + "2026-11-01 (or 2026-11-01T09:30), not '" + wrong + "'");
        }

        assertThat(run("stats", "--since", "last week")).isEqualTo(Launcher.USAGE);
        assertThat(err.toString()).contains("agentloop stats: --since must be").contains("not 'last week'");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void anEmptyFolderHasNoRunsAndSaysSo() {
        RunStats stats = RunStats.of(StatsCommand.runs(new FileSessionStore(sessions.resolve("none"))),
                Optional.empty(), ZONE, PriceTable.EMPTY, 10);
        assertThat(stats.runs()).isZero();
        assertThat(stats.sessions()).isZero();
        assertThat(stats.successRate()).isEmpty();
        assertThat(stats.p50()).isEmpty();
        assertThat(stats.p95()).isEmpty();
        assertThat(stats.byDay()).isEmpty();
        assertThat(stats.failingTools()).isEmpty();

        assertThat(run("stats")).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("No runs saved yet");
        out.getBuffer().setLength(0);
        assertThat(run("stats", "--json")).as(err.toString()).isZero();
        JsonNode json = JSON.readTree(out.toString());
        assertThat(json.path("runs").asInt()).isZero();
        assertThat(json.path("success_rate").isNull()).isTrue();
        assertThat(json.path("duration_ms").path("p50").isNull()).isTrue();
        assertThat(json.path("by_day").isArray()).isTrue();
        assertThat(json.path("by_day")).isEmpty();
        assertThat(json.path("total").path("cost").isNull()).isTrue();
    }

    @Test
    void percentilesOfSmallSamplesAreNearestRank() {
        assertThat(RunStats.percentile(List.of(), 50)).isEmpty();
        assertThat(RunStats.percentile(millis(7), 50)).contains(Duration.ofMillis(7));
        assertThat(RunStats.percentile(millis(7), 95)).contains(Duration.ofMillis(7));
        assertThat(RunStats.percentile(millis(1, 2), 50)).contains(Duration.ofMillis(1));
        assertThat(RunStats.percentile(millis(1, 2), 95)).contains(Duration.ofMillis(2));
        assertThat(RunStats.percentile(millis(1, 2, 3), 50)).contains(Duration.ofMillis(2));
        assertThat(RunStats.percentile(millis(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 50)).contains(Duration.ofMillis(5));
        assertThat(RunStats.percentile(millis(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 95)).contains(Duration.ofMillis(10));
        List<Duration> twenty = new ArrayList<>();
        for (int n = 1; n <= 20; n++) {
            twenty.add(Duration.ofMillis(n));
        }
        assertThat(RunStats.percentile(twenty, 95)).contains(Duration.ofMillis(19));
    }

    private static List<Duration> millis(long... values) {
        return java.util.Arrays.stream(values).mapToObj(Duration::ofMillis).toList();
    }
}
