package io.agentloop.temporal;

import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/**
 * A worker of a run's steps in a process of its own, for {@link TwoWorkerProcessesTest}: the
 * {@link Rounds} model and
 * a tool {@code mark} that leaves a file for each execution ({@code n<k>-<pid>-<nanos>}) in the
 * folder it is given; the first execution of call 2 leaves {@code held-<pid>} and runs until it is
 * stopped. Arguments: the Temporal server's port, the folder.
 */
public final class WorkerProcess {
    private WorkerProcess() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Path folder = Path.of(args[1]);
        WorkflowServiceStubs service = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
        WorkerFactory factory = WorkerFactory.newInstance(WorkflowClient.newInstance(service));
        AgentWorker.steps(factory.newWorker(DurableRunTest.QUEUE), agents(folder), DurableRunTest.OPTIONS);
        factory.start();
        System.out.println("worker ready");
        System.out.flush();
        Thread.currentThread().join();
    }

    static Agents agents(Path folder) {
        return DurableRunTest.only(DurableRunTest.agent(new Mark(folder)));
    }

    /** Leaves a file per execution; holds the first execution of call 2. */
    static final class Mark implements Tool {
        private final Path folder;

        Mark(Path folder) {
            this.folder = folder;
        }

        @Override
        public ToolSpec spec() {
            return ToolSpec.builder("mark").description("marks its calls").integerParameter("n", "the call", true).build();
        }

        @Override
        public boolean readOnly() {
            return true;
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
            int n = arguments.integer("n").orElseThrow().intValue();
            long pid = ProcessHandle.current().pid();
            boolean first = executions(folder, n) == 0;
            Files.createFile(folder.resolve("n" + n + "-" + pid + "-" + System.nanoTime()));
            if (n == 2 && first) {
                Files.createFile(folder.resolve("held-" + pid));
                while (!context.cancellation().await(Duration.ofSeconds(1))) {
                    // held until this process is killed
                }
                return ToolResult.failure(ToolResult.Failure.CANCELLED, "stopped while held");
            }
            return ToolResult.success("counted " + n);
        }
    }

    /** How many executions of call {@code n} left their file. */
    static long executions(Path folder, int n) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().startsWith("n" + n + "-")).count();
        }
    }
}
