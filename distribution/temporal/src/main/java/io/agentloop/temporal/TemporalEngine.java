package io.agentloop.temporal;

import io.agentloop.api.message.Message;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.Agent;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.engine.EngineUnavailableException;
import io.agentloop.core.run.RunJournal;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.GetSystemInfoRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.SimpleSslContextBuilder;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.TrustManagerFactory;

/**
 * Agentloop's durable engine on a Temporal service: a client for starting and following runs, and
 * workers for carrying them out.
 */
public final class TemporalEngine implements DurableEngine {
    /** How long the service has to answer before it counts as unreachable. */
    static final Duration REACH = Duration.ofSeconds(10);

    private final TemporalSettings settings;
    private final WorkflowServiceStubs service;
    private final WorkflowClient client;
    private final DurableRuns runs;

    private TemporalEngine(TemporalSettings settings, WorkflowServiceStubs service) {
        this.settings = settings;
        this.service = service;
        this.client = WorkflowClient.newInstance(service, WorkflowClientOptions.newBuilder()
                .setNamespace(settings.namespace()).build());
        this.runs = new DurableRuns(client, settings.taskQueue());
    }

    /**
     * Connects and checks that the service answers within {@link #REACH}.
     *
     * @throws EngineUnavailableException when it does not
     */
    public static TemporalEngine connect(TemporalSettings settings) {
        WorkflowServiceStubsOptions.Builder options = WorkflowServiceStubsOptions.newBuilder()
                .setTarget(settings.target());
        if (settings.tlsCert().isPresent() || settings.tlsCa().isPresent()) {
            options.setSslContext(ssl(settings));
        }
        WorkflowServiceStubs service = WorkflowServiceStubs.newServiceStubs(options.build());
        try {
            service.blockingStub().withDeadlineAfter(REACH.toMillis(), TimeUnit.MILLISECONDS)
                    .getSystemInfo(GetSystemInfoRequest.getDefaultInstance());
        } catch (StatusRuntimeException e) {
            service.shutdownNow();
            throw new EngineUnavailableException("cannot reach the Temporal service at " + settings.target() + " ("
                    + e.getStatus().getCode() + (e.getStatus().getDescription() == null ? ""
                    : ": " + e.getStatus().getDescription()) + "): start one (for trying: temporal server start-dev) "
                    + "or set temporal.target to where it runs", e);
        }
        return new TemporalEngine(settings, service);
    }

    private static io.grpc.netty.shaded.io.netty.handler.ssl.SslContext ssl(TemporalSettings settings) {
        try {
            SimpleSslContextBuilder builder;
            if (settings.tlsCert().isPresent()) {
                try (InputStream cert = Files.newInputStream(settings.tlsCert().get());
                     InputStream key = Files.newInputStream(settings.tlsKey().orElseThrow())) {
                    builder = SimpleSslContextBuilder.forPKCS8(cert, key);
                }
            } else {
                builder = SimpleSslContextBuilder.noKeyOrCertChain();
            }
            if (settings.tlsCa().isPresent()) {
                builder.setTrustManager(trusting(settings.tlsCa().get()).getTrustManagers()[0]);
            }
            return builder.build();
        } catch (IOException | java.security.GeneralSecurityException e) {
            throw new IllegalArgumentException("temporal.tls: cannot read the certificate files ("
                    + e.getMessage() + ")", e);
        }
    }

    private static TrustManagerFactory trusting(Path ca) throws IOException, java.security.GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(ca)) {
            int i = 0;
            for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + i++, certificate);
            }
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory;
    }

    /** The client, for what the engine's interface does not cover. */
    public WorkflowClient client() {
        return client;
    }

    @Override
    public String describe() {
        return "Temporal at " + settings.target() + ", namespace " + settings.namespace() + ", task queue "
                + settings.taskQueue();
    }

    @Override
    public Run start(String runId, String agent, List<Message> history, String task,
                     Optional<Map<String, Object>> outputSchema, Optional<Terms> terms) {
        return new EngineRun(runs.start(runId, agent, history, task, outputSchema, terms));
    }

    @Override
    public Run run(String runId) {
        return new EngineRun(runs.find(runId));
    }

    /**
     * {@code temporal workflow signal} with this engine's service, namespace and the run's workflow,
     * and the JSON array the engine's own client sends: the command works as printed.
     */
    @Override
    public Optional<String> manualDecision(String runId, String callId) {
        StringBuilder command = new StringBuilder("temporal workflow signal --address ").append(settings.target())
                .append(" --namespace ").append(settings.namespace());
        settings.tlsCert().ifPresent(cert -> command.append(" --tls-cert-path ").append(quoted(cert.toString())));
        settings.tlsKey().ifPresent(key -> command.append(" --tls-key-path ").append(quoted(key.toString())));
        settings.tlsCa().ifPresent(ca -> command.append(" --tls-ca-path ").append(quoted(ca.toString())));
        return Optional.of(command.append(" --workflow-id ").append(DurableRuns.workflowId(runId))
                .append(" --name decide --input ").append(quoted(DurableRuns.signalInput(CallDecision.approve(callId))))
                .toString());
    }

    /** One word for a POSIX shell, whatever it holds. */
    private static String quoted(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    @Override
    public DurableEngine.Worker serve(DurableEngine.Agents agents, Role role) {
        WorkerFactory factory = WorkerFactory.newInstance(client);
        io.temporal.worker.Worker worker = factory.newWorker(settings.taskQueue(), AgentWorker.workerOptions());
        DurableOptions options = new DurableOptions(settings.heartbeat(), settings.historyLimit());
        io.agentloop.temporal.Agents known = new io.agentloop.temporal.Agents() { // not the engine's nested one
            @Override
            public Agent agent(String name) {
                return agents.agent(name, Optional.empty());
            }

            @Override
            public Agent agent(String name, Optional<Path> workspace) {
                return agents.agent(name, workspace);
            }
        };
        if (role != Role.STEPS) {
            AgentWorker.workflows(worker, known, options);
        }
        if (role != Role.DECISIONS) {
            AgentWorker.steps(worker, known, options);
        }
        factory.start();
        return () -> {
            factory.shutdown();
            factory.awaitTermination(1, TimeUnit.MINUTES);
        };
    }

    @Override
    public void close() {
        service.shutdown();
        service.awaitTermination(10, TimeUnit.SECONDS);
    }

    private record EngineRun(DurableRuns.DurableRun run) implements Run {
        @Override
        public String runId() {
            return run.runId();
        }

        @Override
        public RunResult follow(Consumer<String> events, RunJournal journal, Duration every, int eventsFrom,
                                int journalFrom) throws InterruptedException {
            return run.follow(events, journal, every, eventsFrom, journalFrom);
        }

        @Override
        public List<PendingCall> waiting() {
            return run.waiting();
        }

        @Override
        public List<String> decide(List<CallDecision> decisions) {
            return run.decide(decisions);
        }

        @Override
        public void cancel() {
            run.cancel();
        }

        @Override
        public CompletableFuture<RunResult> result() {
            return run.result();
        }
    }
}
