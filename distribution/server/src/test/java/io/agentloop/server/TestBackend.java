package io.agentloop.server;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Message;
import io.agentloop.api.message.ToolCall;
import io.agentloop.api.message.ToolMessage;
import io.agentloop.api.message.Usage;
import io.agentloop.api.message.UserMessage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionInfo;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.api.tool.Tool;
import io.agentloop.core.Agent;
import io.agentloop.core.RunHandle;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.core.permission.PermissionPolicy;
import io.agentloop.core.session.FileSessionStore;
import io.agentloop.core.session.SessionRecorder;
import io.agentloop.core.workspace.SandboxWorkspace;
import io.agentloop.server.backend.BackendRun;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.backend.RunOrder;
import io.agentloop.testkit.FakeTool;
import io.agentloop.testkit.ScriptedChatModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A backend on the real agent loop and file sessions, with a model that does what the task says:
 * {@code call:TOOL} has it call TOOL first ({@code call:TOOL{JSON}} with those arguments, no space in
 * them before their end), {@code answer:TEXT...} is its answer (streamed word by
 * word; the default answers "Done."). Tools: {@code look} (reads, runs without asking), {@code deploy}
 * (changes things: asks, so a served run pauses), {@code wait} (reads; runs until the run is cancelled),
 * {@code configure} (writes a {@code Makefile}), {@code build} (shows its output as it runs), {@code consult}
 * (reads; asks a model of its own, which spends 30 input and 12 output tokens), {@code write} and {@code edit}
 * (change a file as the file tools do: ask).
 */
public final class TestBackend implements RunBackend {
    private static final Pattern CALL = Pattern.compile("call:([a-z_]+)(\\{.*?\\})?(?=\\s|$)");
    private static final Pattern ANSWER = Pattern.compile("answer:(.*)$", Pattern.DOTALL);

    public final FileSessionStore store;
    public final FakeTool look = FakeTool.named("look").readOnly().returning("seen");
    public final FakeTool deploy = FakeTool.named("deploy").returning("deployed");
    public final FakeTool wait = FakeTool.named("wait").readOnly().blockingUntilCancelled();
    /** Changes things and says nothing of what: writes a {@code Makefile}, which {@code make} runs later. */
    public final FakeTool configure = FakeTool.named("configure").behaving((arguments, context) -> {
        java.nio.file.Files.writeString(context.workspace().root().resolve("Makefile"), "all:\n\ttouch built\n");
        return io.agentloop.api.tool.ToolResult.success("configured");
    });
    /** Opened by the test: until then {@code build} has printed its first line and waits. */
    public final java.util.concurrent.CountDownLatch buildGate = new java.util.concurrent.CountDownLatch(1);
    /** Prints a line, waits for {@link #buildGate}, prints another, and returns both. */
    public final FakeTool build = FakeTool.named("build").readOnly().behaving((arguments, context) -> {
        context.output("compiling\n");
        if (!buildGate.await(2, java.util.concurrent.TimeUnit.MINUTES)) {
            return io.agentloop.api.tool.ToolResult.failure("not_opened", "the test never opened the build's gate");
        }
        context.output("linking\n");
        return io.agentloop.api.tool.ToolResult.success("compiling\nlinking\nbuilt");
    });
    /** Reports the tokens of the model calls it made, as a sub-agent's tool does. */
    public final FakeTool consult = FakeTool.named("consult").readOnly().behaving((arguments, context) -> {
        context.reportUsage(new Usage(30, 12, 0, 0));
        return io.agentloop.api.tool.ToolResult.success("consulted");
    });
    /** Writes {@code content} to {@code path}, as the file tool {@code write} does. */
    public final FakeTool write = FakeTool.named("write").stringParameter("path", true)
            .stringParameter("content", true).behaving((arguments, context) -> {
                java.nio.file.Files.writeString(context.workspace().resolve(arguments.requireString("path")),
                        arguments.requireString("content"));
                return io.agentloop.api.tool.ToolResult.success("written");
            });
    /** Replaces {@code old_string} with {@code new_string} in {@code path}, as the file tool {@code edit} does. */
    public final FakeTool edit = FakeTool.named("edit").stringParameter("path", true)
            .stringParameter("old_string", true).stringParameter("new_string", true).behaving((arguments, context) -> {
                Path file = context.workspace().resolve(arguments.requireString("path"));
                java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file)
                        .replace(arguments.requireString("old_string"), arguments.requireString("new_string")));
                return io.agentloop.api.tool.ToolResult.success("edited");
            });
    public final AtomicInteger started = new AtomicInteger();
    /** Every decision that reached the backend: where the launcher's would write an {@code always} rule. */
    public final List<CallDecision> decisions = new CopyOnWriteArrayList<>();
    private final PermissionMode mode;

    public TestBackend(Path sessions) {
        this(sessions, PermissionMode.ASK);
    }

    public TestBackend(Path sessions, PermissionMode mode) {
        this.store = new FileSessionStore(sessions);
        this.mode = mode;
    }

    @Override
    public List<String> agents() {
        return List.of("default", "reviewer");
    }

    @Override
    public PermissionMode mode() {
        return mode;
    }

    @Override
    public BackendRun start(RunOrder order, AgentListener events) {
        SessionInfo info;
        SessionWriter writer;
        List<Message> history = List.of();
        Optional<OpenTurn> open = Optional.empty();
        int messages = 0;
        int checkpoints = 0;
        try {
            if (order.session().isPresent()) {
                writer = store.open(order.session().get());
                Session current = store.load(order.session().get()).orElseThrow(() ->
                        RequestException.notFound("no session " + order.session().get()));
                info = current.info();
                history = current.messages();
                open = current.openTurn();
                messages = current.messages().size();
                checkpoints = current.checkpoints().size();
            } else {
                info = store.create(order.task().orElse("run"));
                writer = store.open(info.id());
            }
        } catch (SessionLockedException e) {
            throw RequestException.conflict("session in use: " + e.getMessage());
        }
        List<Tool> tools = List.of(look, deploy, wait, configure, build, consult, write, edit);
        Agent agent = Agent.builder().model(model()).tools(tools).workspace(SandboxWorkspace.of(order.workspace()))
                .permissions(PermissionPolicy.defaults().withMode(order.mode())).listeners(events)
                .journal(new SessionRecorder(writer, messages, checkpoints)).build();
        started.incrementAndGet();
        // under the served run's id, as the launcher's backend starts it
        RunHandle handle = agent.start(order.runId(), new Resumption(history, open, List.of(), order.task()),
                order.output());
        CompletableFuture<io.agentloop.api.run.RunResult> result = handle.result().whenComplete((r, e) -> writer.close());
        String id = info.id();
        return BackendRun.of(id, result, handle::cancel);
    }

    @Override
    public List<CallProgress> pending(String session) {
        return store.load(session).flatMap(Session::openTurn).map(OpenTurn::calls).orElse(List.of()).stream()
                .filter(call -> call.stage() == CallProgress.Stage.PENDING).toList();
    }

    @Override
    public void decide(String session, CallDecision decision, Path workspace) {
        decisions.add(decision);
        try (SessionWriter writer = store.open(session)) {
            writer.callDecided(decision);
        } catch (SessionLockedException e) {
            throw RequestException.conflict("session in use: " + e.getMessage());
        }
    }

    @Override
    public SessionStore sessions() {
        return store;
    }

    /** Reads the last task of the conversation: call the tool it names once, then answer. */
    static ChatModel model() {
        AtomicInteger ids = new AtomicInteger();
        return ScriptedChatModel.dynamic((ChatRequest request) -> {
            List<Message> messages = request.messages();
            String task = "";
            for (Message message : messages) {
                if (message instanceof UserMessage user) {
                    task = user.text();
                }
            }
            Message last = messages.getLast();
            Matcher call = CALL.matcher(task);
            if (last instanceof UserMessage && call.find()) {
                return ScriptedChatModel.Step.toolCalls(new Usage(10, 5, 0, 0),
                        List.of(ToolCall.of("call_" + ids.incrementAndGet(), call.group(1),
                                call.group(2) == null ? "{}" : call.group(2))));
            }
            Matcher answer = ANSWER.matcher(task);
            String text = answer.find() ? answer.group(1).strip() : last instanceof ToolMessage tool
                    ? "Done: " + tool.results().getFirst().content() : "Done.";
            List<String> words = new ArrayList<>();
            for (String word : text.split("(?<= )")) {
                words.add(word);
            }
            return ScriptedChatModel.Step.answer(new Usage(10, 5, 0, 0), words.toArray(String[]::new));
        });
    }
}
