package io.agentloop.examples.spring;

import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.ToolMethod;
import java.util.Map;
import org.springframework.stereotype.Component;

/** The order book, as the agent sees it: a Spring bean whose {@code @ToolMethod} the starter makes a tool. */
@Component
public class OrderTools {
    private final Map<String, String> statuses = Map.of("42", "shipped on Monday", "43", "waiting for payment");

    @ToolMethod(name = "order_status", description = "The status of one order, by its number.", readOnly = true)
    public String status(@Param(name = "id", description = "the order's number, digits only") String id) {
        return "order " + id + ": " + statuses.getOrDefault(id.strip(), "no such order");
    }
}
