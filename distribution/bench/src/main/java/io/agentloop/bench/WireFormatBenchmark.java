package io.agentloop.bench;

import io.agentloop.api.model.ChatRequest;
import io.agentloop.api.model.StreamEvent;
import io.agentloop.providers.http.HttpChatModel;
import io.agentloop.providers.http.HttpErrorMapper;
import io.agentloop.providers.http.HttpModelStream;
import io.agentloop.providers.http.JsonRead;
import io.agentloop.providers.http.ProviderInfo;
import io.agentloop.providers.http.StreamDecoder;
import io.agentloop.providers.http.WireFormat;
import io.agentloop.providers.http.WireJson;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okio.Buffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;

/**
 * Each provider format's own work, in memory, without HTTP: encoding the request into its body, and
 * decoding a real recorded answer, streamed ({@code decodeStream}) and whole ({@code decodeWhole}).
 * With {@code -prof gc}, {@code gc.alloc.rate.norm} is the bytes each takes.
 *
 * <p>{@code ./dev bench WireFormatBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class WireFormatBenchmark {
    @Param({"openai", "responses", "anthropic", "gemini", "ollama"})
    public String format;

    private ChatRequest request;
    private WireFormat<?> streamed;
    private WireFormat<?> whole;
    private byte[] streamedAnswer;
    private byte[] wholeAnswer;
    private HttpErrorMapper errors;

    @Setup
    public void setUp() {
        ProviderFormats formats = ProviderFormats.valueOf(format.toUpperCase(Locale.ROOT));
        request = ProviderFormats.request();
        streamed = ((HttpChatModel<?>) formats.model("http://127.0.0.1:9/v1", true)).format();
        whole = ((HttpChatModel<?>) formats.model("http://127.0.0.1:9/v1", false)).format();
        streamedAnswer = formats.answer(true);
        wholeAnswer = formats.answer(false);
        errors = new HttpErrorMapper(new ProviderInfo(format, format, Optional.empty()), "http://127.0.0.1:9/v1",
                WireJson.MAPPER);
    }

    /** The request written into a body, whose bytes then go back to Okio's pool as they do once sent. */
    @Benchmark
    public long encode() {
        Buffer body = new Buffer();
        try (JsonGenerator out = WireJson.generator(body.outputStream())) {
            streamed.formatter().write(request, out);
        }
        long size = body.size();
        body.clear();
        return size;
    }

    @Benchmark
    public void decodeStream(Blackhole hole) throws Exception {
        decode(streamed, hole);
    }

    private <U> void decode(WireFormat<U> format, Blackhole hole) throws Exception {
        HttpModelStream.UnitReader<U> reader = format.reader(new Buffer().write(streamedAnswer), 16 << 20);
        StreamDecoder<U> decoder = format.decoder(errors);
        Consumer<StreamEvent> out = hole::consume;
        U unit;
        while ((unit = reader.next()) != null) {
            decoder.accept(unit, out);
        }
        decoder.end(out);
        decoder.close();
    }

    @Benchmark
    public Object decodeWhole() {
        try (JsonParser in = JsonRead.parser(new Buffer().write(wholeAnswer).inputStream())) {
            return whole.formatter().read(in);
        }
    }
}
