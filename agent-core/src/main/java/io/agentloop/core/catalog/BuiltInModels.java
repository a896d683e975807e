package io.agentloop.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The built-in table, one model a line: provider, model, context window in tokens, then US dollars
 * per million input, output and cached input tokens ({@code -}: not known). Prices are the
 * providers' list prices on the date docs/models.md gives (Gemini's for prompts up to 200,000
 * tokens); local models cost nothing. Kept as text so that updating it is editing a table.
 */
final class BuiltInModels {
    static final String DATED = "2025-11-15";

    private static final String TABLE = """
            openai     gpt-5                    400000   1.25   10.00  0.125
            openai     gpt-5-mini               400000   0.25    2.00  0.025
            openai     gpt-5-nano               400000   0.05    0.40  0.005
            openai     gpt-5.1                  400000   1.25   10.00  0.125
            openai     gpt-4.1                 1047576   2.00    8.00  0.50
            openai     gpt-4.1-mini            1047576   0.40    1.60  0.10
            openai     gpt-4.1-nano            1047576   0.10    0.40  0.025
            openai     gpt-4o                   128000   2.50   10.00  1.25
            openai     gpt-4o-mini              128000   0.15    0.60  0.075
            openai     gpt-4-turbo              128000  10.00   30.00  10.00
            openai     gpt-4                      8192  30.00   60.00  30.00
            openai     gpt-3.5-turbo             16385   0.50    1.50  0.50
            openai     o1                       200000  15.00   60.00  7.50
            openai     o3                       200000   2.00    8.00  0.50
            openai     o3-mini                  200000   1.10    4.40  0.55
            openai     o4-mini                  200000   1.10    4.40  0.275
            openai     gpt-oss-120b             131072      -       -     -
            openai     gpt-oss-20b              131072      -       -     -
            anthropic  claude-opus-4-5          200000   5.00   25.00  0.50
            anthropic  claude-opus-4-1          200000  15.00   75.00  1.50
            anthropic  claude-opus-4            200000  15.00   75.00  1.50
            anthropic  claude-sonnet-4-5        200000   3.00   15.00  0.30
            anthropic  claude-sonnet-4          200000   3.00   15.00  0.30
            anthropic  claude-haiku-4-5         200000   1.00    5.00  0.10
            anthropic  claude-3-7-sonnet        200000   3.00   15.00  0.30
            anthropic  claude-3-5-sonnet        200000   3.00   15.00  0.30
            anthropic  claude-3-5-haiku         200000   0.80    4.00  0.08
            anthropic  claude-3-opus            200000  15.00   75.00  1.50
            anthropic  claude-3-haiku           200000   0.25    1.25  0.03
            gemini     gemini-3-pro-preview    1048576   2.00   12.00  0.20
            gemini     gemini-2.5-pro          1048576   1.25   10.00  0.125
            gemini     gemini-2.5-flash        1048576   0.30    2.50  0.03
            gemini     gemini-2.5-flash-lite   1048576   0.10    0.40  0.01
            gemini     gemini-2.0-flash        1048576   0.10    0.40  0.025
            gemini     gemini-2.0-flash-lite   1048576   0.075   0.30  0.075
            gemini     gemini-1.5-pro          2097152   1.25    5.00  0.3125
            gemini     gemini-1.5-flash        1048576   0.075   0.30  0.01875
            deepseek   deepseek-chat            128000   0.28    0.42  0.028
            deepseek   deepseek-reasoner        128000   0.28    0.42  0.028
            mistral    mistral-large-latest     128000   2.00    6.00  2.00
            mistral    mistral-medium-latest    128000   0.40    2.00  0.40
            mistral    mistral-small-latest     128000   0.10    0.30  0.10
            mistral    codestral-latest         256000   0.30    0.90  0.30
            xai        grok-4                   256000   3.00   15.00  0.75
            xai        grok-3                   131072   3.00   15.00  0.75
            xai        grok-3-mini              131072   0.30    0.50  0.075
            groq       llama-3.3-70b-versatile  131072   0.59    0.79  0.59
            groq       llama-3.1-8b-instant     131072   0.05    0.08  0.05
            qwen       qwen-max                  32768   1.60    6.40  1.60
            qwen       qwen-plus                131072   0.40    1.20  0.40
            qwen       qwen-turbo              1000000   0.05    0.20  0.05
            moonshot   kimi-k2                  131072   0.60    2.50  0.15
            ollama     *                             0   0       0     0
            ollama     llama3                     8192   0       0     0
            ollama     llama3.1                 131072   0       0     0
            ollama     llama3.2                 131072   0       0     0
            ollama     llama3.3                 131072   0       0     0
            ollama     qwen2.5                   32768   0       0     0
            ollama     qwen2.5-coder             32768   0       0     0
            ollama     qwen3                     40960   0       0     0
            ollama     gemma2                     8192   0       0     0
            ollama     gemma3                   131072   0       0     0
            ollama     mistral                   32768   0       0     0
            ollama     mistral-nemo             131072   0       0     0
            ollama     phi3                     131072   0       0     0
            ollama     phi4                      16384   0       0     0
            ollama     deepseek-r1              131072   0       0     0
            ollama     gpt-oss                  131072   0       0     0
            ollama     codellama                 16384   0       0     0
            """;

    private BuiltInModels() {
    }

    static List<KnownModel> entries() {
        List<KnownModel> entries = new ArrayList<>();
        for (String line : TABLE.strip().split("\n")) {
            String[] cell = line.strip().split("\\s+");
            Optional<KnownModel.ModelPrice> price = cell[3].equals("-") ? Optional.empty()
                    : Optional.of(new KnownModel.ModelPrice(Double.parseDouble(cell[3]), Double.parseDouble(cell[4]),
                            Double.parseDouble(cell[5])));
            entries.add(new KnownModel(cell[0], cell[1], Long.parseLong(cell[2]), price));
        }
        return entries;
    }
}
