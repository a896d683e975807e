package io.agentloop.bench;

import io.agentloop.api.tool.CommandSandbox;
import io.agentloop.api.tool.SandboxedProcess;
import io.agentloop.core.workspace.SandboxWorkspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What the command sandbox adds to a command: {@code bash -c true} started, drained and waited for,
 * in bubblewrap and without a sandbox (a process group), alternating so both see the same machine.
 * Run with {@code ./dev bench-sandbox [rounds]}; prints medians and 90th percentiles in milliseconds.
 */
public final class SandboxLatencyBenchmark {
    private SandboxLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        Path root = Files.createTempDirectory("agentloop-sandbox-bench-");
        try {
            CommandSandbox contained = SandboxWorkspace.builder(root).build().sandbox();
            CommandSandbox bare = SandboxWorkspace.builder(root).sandboxEnabled(false).build().sandbox();
            if (contained.containment() != CommandSandbox.Containment.CONTAINED) {
                throw new IllegalStateException("no sandbox to measure: " + contained.description());
            }
            for (int i = 0; i < 20; i++) {
                time(contained, root);
                time(bare, root);
                plain(root);
            }
            List<Double> sandboxed = new ArrayList<>();
            List<Double> unsandboxed = new ArrayList<>();
            List<Double> direct = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                sandboxed.add(time(contained, root));
                unsandboxed.add(time(bare, root));
                direct.add(plain(root));
            }
            System.out.printf("bash -c true, %d rounds each (ms, median / p90): bubblewrap %.2f / %.2f; no sandbox "
                    + "(process group, killed as a group) %.2f / %.2f; a bare ProcessBuilder %.2f / %.2f%n", rounds,
                    percentile(sandboxed, 50), percentile(sandboxed, 90), percentile(unsandboxed, 50),
                    percentile(unsandboxed, 90), percentile(direct, 50), percentile(direct, 90));
        } finally {
            Files.deleteIfExists(root);
        }
    }

    private static double time(CommandSandbox sandbox, Path root) throws IOException, InterruptedException {
        long start = System.nanoTime();
        try (SandboxedProcess process = sandbox.start(List.of("bash", "-c", "true"), root, Map.of())) {
            process.process().getOutputStream().close();
            process.process().getInputStream().readAllBytes();
            if (process.process().waitFor() != 0) {
                throw new IllegalStateException("the command failed in " + sandbox.description());
            }
        }
        return (System.nanoTime() - start) / 1e6;
    }

    /** The floor: the same command with no process-tree handling at all. */
    private static double plain(Path root) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder("bash", "-c", "true").directory(root.toFile()).redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        process.getInputStream().readAllBytes();
        process.waitFor();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, sorted.size() * p / 100));
    }
}
