using BenchmarkDotNet.Attributes;

namespace HandRolledHarness;

/// <summary>multiply and section 4.2's library functions, one call per operation; the returned value is consumed.</summary>
[Config(typeof(HarnessConfig))]
public class MathBenchmarks : IndexedBenchmark
{
    [Benchmark(Description = FunctionNames.Multiply)]
    public double Multiply() => NoteFunctions.Multiply(NextIndex());

    [Benchmark(Description = FunctionNames.Pow)]
    public double Pow() => NoteFunctions.Pow(NextIndex());

    [Benchmark(Description = FunctionNames.Exp)]
    public double Exp() => NoteFunctions.Exp(NextIndex());

    [Benchmark(Description = FunctionNames.Log)]
    public double Log() => NoteFunctions.Log(NextIndex());

    [Benchmark(Description = FunctionNames.Sin)]
    public double Sin() => NoteFunctions.Sin(NextIndex());

    [Benchmark(Description = FunctionNames.Cos)]
    public double Cos() => NoteFunctions.Cos(NextIndex());

    [Benchmark(Description = FunctionNames.Tan)]
    public double Tan() => NoteFunctions.Tan(NextIndex());

    [Benchmark(Description = FunctionNames.Asin)]
    public double Asin() => NoteFunctions.Asin(NextIndex());

    [Benchmark(Description = FunctionNames.Acos)]
    public double Acos() => NoteFunctions.Acos(NextIndex());

    [Benchmark(Description = FunctionNames.Atan)]
    public double Atan() => NoteFunctions.Atan(NextIndex());
}
