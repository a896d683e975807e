package io.agentloop.launcher;

import io.agentloop.api.message.Usage;
import io.agentloop.core.session.RunSummary;
import io.agentloop.hooks.usage.Price;
import io.agentloop.hooks.usage.PriceTable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The figures {@code agentloop stats} shows over saved runs: how they ended, how long they took,
 * their tokens and cost by day and by model, and the tools that failed most. Computed from the
 * runs' summaries alone (the sessions index), never from the conversations.
 *
 * @param since        the runs counted ended at or after this; empty for all
 * @param sessions     the sessions those runs are in
 * @param runs         the runs counted
 * @param succeeded    the runs the model answered
 * @param outcomes     runs by outcome, most first
 * @param timed        the runs with a saved duration (older runs have none)
 * @param p50          the median duration of the timed runs; empty when there are none
 * @param p95          the 95th percentile (nearest rank) of the timed runs' durations
 * @param byDay        by the day the run ended (in the zone given), oldest first
 * @param byModel      by provider and model, most runs first ({@code unknown} for runs saved without one)
 * @param failingTools the tools with the most failed calls, most first (a refused call is no failure)
 * @param deniedTools  the tools with the most refused calls (by a rule, a hook or a person), most first
 * @param total        all the runs counted
 */
record RunStats(Optional<Instant> since, int sessions, int runs, int succeeded, List<Count> outcomes, int timed,
                Optional<Duration> p50, Optional<Duration> p95, List<Group> byDay, List<Group> byModel,
                List<Count> failingTools, List<Count> deniedTools, Group total) {
    static final String UNKNOWN_MODEL = "unknown";

    RunStats {
        Objects.requireNonNull(since, "since");
        outcomes = List.copyOf(outcomes);
        byDay = List.copyOf(byDay);
        byModel = List.copyOf(byModel);
        failingTools = List.copyOf(failingTools);
        deniedTools = List.copyOf(deniedTools);
    }

    /** A name and how many. */
    record Count(String name, long count) {
    }

    /**
     * Runs taken together: their tokens and what they cost.
     *
     * @param cost     the cost of the runs whose model has a price; empty when none has
     * @param unpriced the runs whose model has no price (not in {@code cost})
     */
    record Group(String key, int runs, Usage usage, OptionalDouble cost, int unpriced) {
    }

    /** The success rate from 0 to 1; empty without runs. */
    OptionalDouble successRate() {
        return runs == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) succeeded / runs);
    }

    /**
     * @param all    every saved run, in any order
     * @param zone   where days begin and end
     * @param prices what each provider's models cost
     * @param top    how many failing tools, and denied ones, to keep
     */
    static RunStats of(List<RunSummary> all, Optional<Instant> since, ZoneId zone, PriceTable prices, int top) {
        List<RunSummary> runs = all.stream().filter(run -> since.map(s -> !run.ended().isBefore(s)).orElse(true))
                .toList();
        Set<String> sessions = new HashSet<>();
        Map<String, Long> outcomes = new HashMap<>();
        Map<String, Long> failures = new HashMap<>();
        Map<String, Long> denials = new HashMap<>();
        List<Duration> durations = new ArrayList<>();
        int succeeded = 0;
        for (RunSummary run : runs) {
            sessions.add(run.session());
            outcomes.merge(run.outcome(), 1L, Long::sum);
            run.failedTools().forEach((tool, count) -> failures.merge(tool, (long) count, Long::sum));
            run.deniedTools().forEach((tool, count) -> denials.merge(tool, (long) count, Long::sum));
            run.duration().ifPresent(durations::add);
            succeeded += run.succeeded() ? 1 : 0;
        }
        durations.sort(Comparator.naturalOrder());
        Function<RunSummary, Optional<Price>> price = run -> run.provider().isEmpty() ? Optional.empty()
                : prices.find(run.provider(), run.model());
        List<Group> byDay = groups(runs, run -> LocalDate.ofInstant(run.ended(), zone).toString(), price).values()
                .stream().toList();
        List<Group> byModel = groups(runs, RunStats::model, price).values().stream()
                .sorted(Comparator.comparingInt(Group::runs).reversed().thenComparing(Group::key)).toList();
        Group total = groups(runs, run -> "total", price).getOrDefault("total",
                new Group("total", 0, Usage.ZERO, OptionalDouble.empty(), 0));
        return new RunStats(since, sessions.size(), runs.size(), succeeded, mostFirst(outcomes, Integer.MAX_VALUE),
                durations.size(), percentile(durations, 50), percentile(durations, 95), byDay, byModel,
                mostFirst(failures, top), mostFirst(denials, top), total);
    }

    /** {@code provider/model}, or {@value #UNKNOWN_MODEL} for a run saved without them. */
    static String model(RunSummary run) {
        return run.provider().isEmpty() && run.model().isEmpty() ? UNKNOWN_MODEL : run.provider() + "/" + run.model();
    }

    /**
     * The nearest-rank percentile: the smallest value with at least {@code p} percent of the values at
     * or below it (of one value, that value; the median of two is the lower). Empty without values.
     */
    static Optional<Duration> percentile(List<Duration> sorted, int p) {
        if (sorted.isEmpty()) {
            return Optional.empty();
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return Optional.of(sorted.get(Math.max(rank, 1) - 1));
    }

    private static Map<String, Group> groups(List<RunSummary> runs, Function<RunSummary, String> key,
                                             Function<RunSummary, Optional<Price>> price) {
        Map<String, List<RunSummary>> grouped = new TreeMap<>();
        runs.forEach(run -> grouped.computeIfAbsent(key.apply(run), k -> new ArrayList<>()).add(run));
        Map<String, Group> groups = new TreeMap<>();
        grouped.forEach((name, members) -> {
            Usage usage = Usage.ZERO;
            double cost = 0;
            int priced = 0;
            for (RunSummary run : members) {
                usage = usage.plus(run.usage());
                Optional<Price> found = price.apply(run);
                if (found.isPresent()) {
                    cost += found.get().cost(run.usage());
                    priced++;
                }
            }
            groups.put(name, new Group(name, members.size(), usage, priced == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of(cost), members.size() - priced));
        });
        return groups;
    }

    private static List<Count> mostFirst(Map<String, Long> counts, int top) {
        return counts.entrySet().stream().map(e -> new Count(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingLong(Count::count).reversed().thenComparing(Count::name)).limit(top)
                .toList();
    }
}
