package io.agentloop.server.a2a;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The versions of the Agent2Agent protocol the endpoint speaks, side by side on one address, as the
 * agent card's {@code supportedInterfaces} says. They differ in their method names
 * ({@code message/send} and {@code SendMessage}) and in the shape of their objects (0.3 tags each
 * object with a {@code kind} and writes states as {@code completed}; 1.0 tags nothing, writes
 * {@code TASK_STATE_COMPLETED}, and wraps a result in a field naming what it is), so a request's
 * method tells which version it speaks; a client's {@code A2A-Version} header must not contradict it.
 */
enum ProtocolVersion {
    V0_3("0.3", Map.of("message/send", Operation.SEND, "message/stream", Operation.STREAM, "tasks/get",
            Operation.GET, "tasks/cancel", Operation.CANCEL)),
    V1_0("1.0", Map.of("SendMessage", Operation.SEND, "SendStreamingMessage", Operation.STREAM, "GetTask",
            Operation.GET, "CancelTask", Operation.CANCEL));

    /** What a method does, whichever version names it. */
    enum Operation {
        SEND, STREAM, GET, CANCEL
    }

    /** The header a 1.0 client names its version in; a client that sends none speaks 0.3. */
    static final String HEADER = "A2A-Version";

    private final String number;
    private final Map<String, Operation> methods;

    ProtocolVersion(String number, Map<String, Operation> methods) {
        this.number = number;
        this.methods = methods;
    }

    /** The version as the card and the {@code A2A-Version} header write it: {@code 0.3}, {@code 1.0}. */
    String number() {
        return number;
    }

    /** The operation of a method of this version, if it is one. */
    Optional<Operation> operation(String method) {
        return Optional.ofNullable(methods.get(method));
    }

    /** This version's method names, in the order send, stream, get, cancel. */
    List<String> methodNames() {
        return Arrays.stream(Operation.values()).map(op -> methods.entrySet().stream()
                .filter(entry -> entry.getValue() == op).findFirst().orElseThrow().getKey()).toList();
    }

    /** The version whose method this is, if any. */
    static Optional<ProtocolVersion> speaking(String method) {
        return Arrays.stream(values()).filter(version -> version.methods.containsKey(method)).findFirst();
    }

    /**
     * The version an {@code A2A-Version} header names by its major and minor numbers ({@code 1.0},
     * {@code 1.0.2} and {@code 1} are 1.0), or empty for one this endpoint does not speak.
     */
    static Optional<ProtocolVersion> named(String header) {
        String[] numbers = header.strip().split("\\.");
        String majorMinor = numbers[0] + "." + (numbers.length > 1 ? numbers[1] : "0");
        return Arrays.stream(values()).filter(version -> version.number.equals(majorMinor)).findFirst();
    }
}
