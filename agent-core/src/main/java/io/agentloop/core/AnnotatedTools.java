package io.agentloop.core;

import io.agentloop.core.output.ModuleAccess;
import io.agentloop.core.output.TypeSchema;
import io.agentloop.api.tool.Param;
import io.agentloop.api.tool.Tool;
import io.agentloop.api.tool.ToolArguments;
import io.agentloop.api.tool.ToolContext;
import io.agentloop.api.tool.ToolMethod;
import io.agentloop.api.tool.ToolResult;
import io.agentloop.api.tool.ToolSpec;
import io.agentloop.core.registry.PluginCode;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tools made from the {@link ToolMethod} methods of plain objects: the schema comes from the
 * parameter types (see {@link ToolMethod} for which), descriptions from the annotations, and a call
 * converts the validated arguments to the parameter types and invokes the method. A method whose
 * schema cannot be made (a parameter of an unsupported type, an unnamed parameter, a map with other
 * than string keys) is refused at once, naming the method, the parameter and what to do; so is one
 * the core cannot call on the module path, naming the {@code exports} line its module needs.
 *
 * <pre>{@code
 * Agent agent = Agent.builder().model(model).tools(AnnotatedTools.from(new Weather())).build();
 * }</pre>
 */
public final class AnnotatedTools {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private AnnotatedTools() {
    }

    /**
     * The tools of these objects' {@link ToolMethod} methods, by method name within each object.
     *
     * @throws IllegalArgumentException when an object has no such method, or one cannot be a tool
     */
    public static List<Tool> from(Object... objects) {
        List<Tool> tools = new ArrayList<>();
        for (Object object : objects) {
            List<Method> methods = Arrays.stream(object.getClass().getMethods())
                    .filter(m -> m.isAnnotationPresent(ToolMethod.class))
                    .sorted(Comparator.comparing(Method::getName)).toList();
            if (methods.isEmpty()) {
                throw new IllegalArgumentException(object.getClass().getName() + " has no public method annotated "
                        + "@ToolMethod");
            }
            for (Method method : methods) {
                tools.add(new MethodTool(object, method));
            }
        }
        return List.copyOf(tools);
    }

    /** One annotated method as a tool. */
    private static final class MethodTool implements Tool {
        private final Object target;
        private final Method method;
        private final ToolSpec spec;
        private final boolean readOnly;
        private final List<String> names = new ArrayList<>();
        private final List<JavaType> types = new ArrayList<>();

        MethodTool(Object target, Method method) {
            this.target = target;
            this.method = method;
            ToolMethod annotation = method.getAnnotation(ToolMethod.class);
            String where = method.getDeclaringClass().getName() + "." + method.getName();
            if (Modifier.isStatic(method.getModifiers())) {
                throw new IllegalArgumentException(where + " is static: make it an instance method of the object");
            }
            ModuleAccess.requireCoreReaches(method.getDeclaringClass(), "calls " + where);
            method.trySetAccessible(); // a public method of a class that is not (an anonymous or nested one)
            Map<String, Object> properties = new LinkedHashMap<>();
            List<String> required = new ArrayList<>();
            for (Parameter parameter : method.getParameters()) {
                if (parameter.getType() == ToolContext.class) {
                    names.add(null); // given the call's context, not an argument
                    types.add(null);
                    continue;
                }
                Param param = parameter.getAnnotation(Param.class);
                String name = param != null && !param.name().isEmpty() ? param.name()
                        : parameter.isNamePresent() ? parameter.getName() : null;
                if (name == null) {
                    throw new IllegalArgumentException(where + ": parameter " + parameter.getName() + " has no name "
                            + "the model can use: annotate it @Param(name = \"...\") or compile with -parameters");
                }
                String at = where + " parameter '" + name + "'";
                Map<String, Object> schema = TypeSchema.of(parameter.getParameterizedType(), at);
                if (param != null && !param.description().isEmpty()) {
                    schema.put("description", param.description());
                }
                properties.put(name, schema);
                if (!isOptional(parameter.getParameterizedType())) {
                    required.add(name);
                }
                names.add(name);
                types.add(JSON.constructType(parameter.getParameterizedType()));
            }
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("type", "object");
            parameters.put("properties", properties);
            parameters.put("required", required);
            parameters.put("additionalProperties", false);
            this.spec = new ToolSpec(annotation.name().isEmpty() ? method.getName() : annotation.name(),
                    annotation.description(), parameters);
            this.readOnly = annotation.readOnly();
        }

        @Override
        public ToolSpec spec() {
            return spec;
        }

        @Override
        public boolean readOnly() {
            return readOnly;
        }

        @Override
        public ToolResult execute(ToolArguments arguments, ToolContext context) throws Exception {
            Object[] values = new Object[names.size()];
            for (int i = 0; i < values.length; i++) {
                if (names.get(i) == null) {
                    values[i] = context;
                } else if (isOptional(method.getGenericParameterTypes()[i]) && !arguments.has(names.get(i))) {
                    values[i] = Optional.empty();
                } else {
                    values[i] = JSON.convertValue(arguments.values().get(names.get(i)), types.get(i));
                }
            }
            Object result;
            try {
                result = PluginCode.call(target, "tool '" + spec.name() + "'", () -> method.invoke(target, values));
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof Exception cause) {
                    throw cause;
                }
                throw e;
            }
            return switch (result) {
                case null -> ToolResult.success(method.getReturnType() == void.class ? "done" : "null");
                case ToolResult toolResult -> toolResult;
                case String text -> ToolResult.success(text);
                default -> ToolResult.success(JSON.writeValueAsString(result));
            };
        }
    }

    private static boolean isOptional(Type type) {
        return TypeSchema.isOptional(type);
    }
}
