package io.agentloop.plugins.llamacpp;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.Pair;
import io.agentloop.api.AgentException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One GGUF model loaded into this process, shared by every chat model made from the same file and
 * load settings: loading costs time and memory, and the native library is meant to hold one model
 * per JVM. Generations run one at a time on the model's own daemon thread, in the order asked.
 * Never closed: llama.cpp keeps a native thread alive, so programs that use it end with
 * {@link System#exit} (the launcher does).
 */
final class LocalModel {
    private static final Logger log = LoggerFactory.getLogger(LocalModel.class);
    private static final Map<Key, LocalModel> LOADED = new ConcurrentHashMap<>();
    /** How ChatML marks turns: the template llama.cpp falls back to when a model has none. */
    static final String CHATML_START = "<|im_start|>";
    static final String CHATML_END = "<|im_end|>";

    private final LlamaModel model;
    private final Path file;
    private final int contextSize;
    private final Duration loadTime;
    private final boolean chatMlTemplate;
    private final ExecutorService worker;
    private final AtomicLong generated = new AtomicLong();

    private record Key(Path file, int contextSize, int threads, boolean nativeLog) {
    }

    private LocalModel(LlamaModel model, Path file, int contextSize, Duration loadTime) {
        this.model = model;
        this.file = file;
        this.contextSize = contextSize;
        this.loadTime = loadTime;
        this.worker = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "llamacpp-" + file.getFileName());
            thread.setDaemon(true);
            return thread;
        });
        this.chatMlTemplate = applyTemplate("", List.of(new Pair<>("user", "x"))).contains(CHATML_START);
    }

    /** The model for these settings, loaded on first use. */
    static LocalModel shared(LlamaSettings settings) {
        Key key = new Key(settings.modelFile(), settings.contextSize(), settings.threads(), settings.nativeLog());
        return LOADED.computeIfAbsent(key, LocalModel::load);
    }

    private static LocalModel load(Key key) {
        requireGguf(key.file());
        NativeLibrary.prepare();
        ModelParameters parameters = new ModelParameters().setModel(key.file().toString())
                .setCtxSize(key.contextSize()).setThreads(key.threads()).setThreadsBatch(key.threads())
                .setParallel(1);
        if (!key.nativeLog()) {
            parameters.disableLog();
        }
        long start = System.nanoTime();
        LlamaModel model;
        try {
            model = new LlamaModel(parameters);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            throw new AgentException("llamacpp: cannot load the model " + key.file() + ": " + e.getMessage()
                    + ". Check that it is a GGUF file llama.cpp supports (set native-log: true to see llama.cpp's own "
                    + "log)", e);
        }
        Duration loadTime = Duration.ofNanos(System.nanoTime() - start);
        log.debug("llamacpp: loaded {} in {} ms ({} threads, context {})", key.file(), loadTime.toMillis(),
                key.threads(), key.contextSize());
        return new LocalModel(model, key.file(), key.contextSize(), loadTime);
    }

    /** llama.cpp aborts the whole process on some malformed files: refuse what is not GGUF up front. */
    private static void requireGguf(Path file) {
        byte[] magic = new byte[4];
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            if (in.readNBytes(magic, 0, 4) == 4 && new String(magic, java.nio.charset.StandardCharsets.US_ASCII)
                    .equals("GGUF")) {
                return;
            }
        } catch (java.io.IOException e) {
            throw new AgentException("llamacpp: cannot read the model " + file + ": " + e.getMessage(), e);
        }
        throw new AgentException("llamacpp: cannot load the model " + file + ": it is not a GGUF file (GGUF files "
                + "start with the bytes 'GGUF'). Download the model in GGUF format, or convert it with llama.cpp's "
                + "convert_hf_to_gguf.py");
    }

    LlamaModel model() {
        return model;
    }

    Path file() {
        return file;
    }

    int contextSize() {
        return contextSize;
    }

    Duration loadTime() {
        return loadTime;
    }

    /** Whether the model has no chat template of its own, so llama.cpp formats turns as ChatML. */
    boolean chatMlTemplate() {
        return chatMlTemplate;
    }

    /** The prompt for these turns, ending where the assistant's reply begins. */
    String applyTemplate(String system, List<Pair<String, String>> turns) {
        return model.applyTemplate(new InferenceParameters("").setMessages(system.isEmpty() ? null : system, turns));
    }

    int countTokens(String text) {
        return model.encode(text).length;
    }

    /** Tokens generated with this model since it was loaded, cancelled generations included. */
    long generatedTokens() {
        return generated.get();
    }

    void countGenerated() {
        generated.incrementAndGet();
    }

    void submit(Runnable generation) {
        worker.execute(generation);
    }
}
