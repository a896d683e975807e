package io.agentloop.plugins.llamacpp;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaOutput;
import io.agentloop.api.CancellationSignal;
import io.agentloop.api.message.StopReason;
import io.agentloop.api.message.Usage;
import io.agentloop.api.model.ChatModel;
import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.ContextLengthExceededException;
import io.agentloop.api.model.ModelException;
import io.agentloop.api.model.ModelStream;
import io.agentloop.api.model.NonRetryableModelException;
import io.agentloop.api.model.StreamEvent;
import java.util.Optional;
import java.util.UUID;

/**
 * A chat model over a {@link LocalModel}: renders the conversation with the model's chat template,
 * constrains the output with the {@link ToolGrammar} when tools are offered (or to the request's
 * response schema, when it has one and no tools), and streams the generated pieces as events. Generation runs on the model's thread; {@link #stream} returns at once.
 */
final class LlamaChatModel implements ChatModel {
    private final LocalModel local;
    private final LlamaSettings settings;

    LlamaChatModel(LocalModel local, LlamaSettings settings) {
        this.local = local;
        this.settings = settings;
    }

    @Override
    public Optional<String> provider() {
        return Optional.of("llamacpp");
    }

    @Override
    public String name() {
        return local.file().getFileName().toString();
    }

    LocalModel local() {
        return local;
    }

    @Override
    public ModelStream stream(ChatRequest request, CancellationSignal cancellation) {
        LlamaStream stream = new LlamaStream(cancellation);
        local.submit(() -> generate(request, stream));
        return stream;
    }

    private void generate(ChatRequest request, LlamaStream stream) {
        if (stream.closed()) {
            return;
        }
        try {
            PromptBuilder.Turns turns = PromptBuilder.turns(request);
            String prompt = local.applyTemplate(turns.system(), turns.turns());
            int promptTokens = local.countTokens(prompt);
            int room = local.contextSize() - promptTokens;
            if (room <= 0) {
                throw new ContextLengthExceededException("llamacpp: the prompt has " + promptTokens
                        + " tokens, more than the " + local.contextSize() + " of context the model was loaded with; "
                        + "compact the conversation or raise context-size", null);
            }
            int maxTokens = Math.min(room, request.options().maxTokens().orElse(settings.maxTokens()));
            Optional<String> grammar = ToolGrammar.of(request.tools(), request.options().toolChoice(), maxTokens);
            double temperature = request.options().temperature().orElse(settings.temperature());
            InferenceParameters parameters = new InferenceParameters(prompt).setNPredict(maxTokens)
                    .setTemperature((float) temperature).setCachePrompt(true);
            settings.seed().ifPresent(parameters::setSeed);
            grammar.or(() -> request.options().responseSchema().map(schema -> ToolGrammar.ofSchema(schema, maxTokens)))
                    .ifPresent(parameters::setGrammar);
            if (local.chatMlTemplate()) {
                parameters.setStopStrings(LocalModel.CHATML_END, LocalModel.CHATML_START);
            }
            OutputDecoder decoder = new OutputDecoder(grammar.isPresent(), request.options().toolChoice(), stream::push);
            LlamaIterator tokens = local.model().generate(parameters).iterator();
            int produced = 0;
            while (tokens.hasNext()) {
                if (stream.closed()) {
                    tokens.cancel();
                    return;
                }
                LlamaOutput output = tokens.next();
                local.countGenerated();
                if (!output.text.isEmpty()) {
                    produced++;
                    decoder.accept(output.text);
                }
            }
            boolean sampled = temperature > 0 && settings.seed().isEmpty();
            StopReason reason = decoder.finish(produced >= maxTokens, sampled, "call_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
            stream.push(new StreamEvent.UsageReport(Usage.of(promptTokens, produced)));
            stream.push(new StreamEvent.Finish(reason));
        } catch (ModelException e) {
            stream.push(e);
        } catch (RuntimeException e) {
            stream.push(new NonRetryableModelException("llamacpp: generation with " + name() + " failed: "
                    + e.getMessage(), e));
        }
    }
}
