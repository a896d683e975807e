package io.agentloop.examples.tools;

import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.ToolMethod;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A shop's orders as tools: each {@link ToolMethod} becomes a tool the model can call, its schema
 * made from the parameter types. A real application would query its database here.
 */
public final class Orders {
    public enum Status { PLACED, SHIPPED, DELIVERED }

    /** Returned as JSON: the model reads the field names, so they say what they hold. */
    public record Order(String id, Status status, String carrier, String expectedDelivery) {}

    private final Map<String, Order> orders = Map.of(
            "A-1001", new Order("A-1001", Status.DELIVERED, "DHL", "2026-11-20"),
            "A-1002", new Order("A-1002", Status.SHIPPED, "UPS", "2026-11-28"),
            "A-1003", new Order("A-1003", Status.PLACED, "not yet chosen", "2026-12-03"));

    // readOnly: a call that only reads. The tools a program registers run either way (the builder's
    // default policy trusts them); under PermissionPolicy.defaults() only the read-only ones run
    // without asking a person.
    @ToolMethod(description = "Looks up one order: its status, carrier and expected delivery date.", readOnly = true)
    public Order order(@Param(name = "id", description = "the order id, such as A-1002") String id) {
        Order order = orders.get(id.strip().toUpperCase(Locale.ROOT));
        if (order == null) {
            // What a tool throws goes back to the model as the call's error, so say what would work.
            throw new IllegalArgumentException("there is no order " + id + "; order ids look like A-1001");
        }
        return order;
    }

    @ToolMethod(name = "orders_with_status", description = "Lists the orders with a given status.", readOnly = true)
    public List<Order> ordersWithStatus(@Param(name = "status") Status status) {
        return orders.values().stream().filter(order -> order.status() == status)
                .sorted(Comparator.comparing(Order::id)).toList();
    }
}
