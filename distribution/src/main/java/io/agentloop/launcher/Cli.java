package io.agentloop.launcher;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The launcher's commands are described to picocli in code, with its programmatic API, rather than
 * with annotations: reading annotations by reflection (and the JDK generating a proxy class for each
 * annotation type) was most of picocli's start-up cost, some 30 to 50 ms of every command. Each option
 * and parameter is bound to a field of its command through a getter and a setter.
 */
final class Cli {
    private Cli() {
    }

    /** A command: its user object (what picocli calls), name and description. */
    static CommandSpec command(Object command, String name, String description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        spec.name(name);
        spec.usageMessage().description(description);
        return spec;
    }

    /** An option without a value, false unless given. */
    static OptionSpec flag(String description, Supplier<Boolean> get, Consumer<Boolean> set, String... names) {
        return bound(OptionSpec.builder(names).arity("0").type(boolean.class), get, set).description(description)
                .build();
    }

    /** An option with one value of {@code type}. */
    static <T> OptionSpec option(Class<T> type, String label, String description, Supplier<T> get, Consumer<T> set,
                                 String... names) {
        return bound(OptionSpec.builder(names).type(type), get, set).paramLabel(label).description(description)
                .build();
    }

    /** An option whose comma-separated values make a list. */
    static OptionSpec commaList(String label, String description, Supplier<List<String>> get,
                                Consumer<List<String>> set, String... names) {
        return bound(OptionSpec.builder(names).type(List.class).auxiliaryTypes(String.class).splitRegex(","), get,
                set).paramLabel(label).description(description).build();
    }

    /** A positional parameter that may be left out (then {@code defaultValue}, which may be null). */
    static PositionalParamSpec word(int index, String label, String defaultValue, String description,
                                    Supplier<String> get, Consumer<String> set) {
        return bound(PositionalParamSpec.builder().index(Integer.toString(index)).arity("0..1").type(String.class),
                get, set).paramLabel(label).defaultValue(defaultValue).description(description).build();
    }

    /** The positional parameters from {@code index} on, as a list of words (none is an empty list). */
    static PositionalParamSpec words(int index, String label, String description, Supplier<List<String>> get,
                                     Consumer<List<String>> set) {
        return bound(PositionalParamSpec.builder().index(index + "..*").arity("0..*").type(List.class)
                .auxiliaryTypes(String.class), get, set).paramLabel(label).description(description).build();
    }

    private static <T> OptionSpec.Builder bound(OptionSpec.Builder builder, Supplier<T> get, Consumer<T> set) {
        Binding<T> binding = new Binding<>(get, set);
        // The field's value now is the one picocli puts back before each parse.
        return builder.getter(binding).setter(binding).initialValue(get.get());
    }

    private static <T> PositionalParamSpec.Builder bound(PositionalParamSpec.Builder builder, Supplier<T> get,
                                                        Consumer<T> set) {
        Binding<T> binding = new Binding<>(get, set);
        // The field's value now is the one picocli puts back before each parse.
        return builder.getter(binding).setter(binding).initialValue(get.get());
    }

    /** A command's field, as picocli reads and sets it. */
    private record Binding<T>(Supplier<T> getter, Consumer<T> setter) implements IGetter, ISetter {
        @Override
        @SuppressWarnings("unchecked")
        public <V> V get() {
            return (V) getter.get();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <V> V set(V value) {
            V previous = (V) getter.get();
            setter.accept((T) value);
            return previous;
        }
    }
}
