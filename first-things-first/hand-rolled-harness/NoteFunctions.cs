namespace HandRolledHarness;

/// <summary>
/// The functions the note times, from int to double. Each depends on its argument so the compiler cannot
/// compute it once; <c>i &amp; 0xFF</c> keeps the operand small.
/// </summary>
public static class NoteFunctions
{
    /// <summary>Twenty floating-point multiplications, one bitwise and, one int-to-double conversion (section 3).</summary>
    public static double Multiply(int i)
    {
        double x = 1.1 * (double)(i & 0xFF);
        return x * x * x * x * x * x * x * x * x * x
             * x * x * x * x * x * x * x * x * x * x;
    }

    // Section 4.2's library functions, each on an argument range where it is defined.
    public static double Pow(int i) => Math.Pow(10.0, 0.1 * (i & 0xFF));

    public static double Exp(int i) => Math.Exp(0.1 * (i & 0xFF));

    public static double Log(int i) => Math.Log(0.1 + (0.1 * (i & 0xFF)));

    public static double Sin(int i) => Math.Sin(0.1 * (i & 0xFF));

    public static double Cos(int i) => Math.Cos(0.1 * (i & 0xFF));

    public static double Tan(int i) => Math.Tan(0.1 * (i & 0xFF));

    public static double Asin(int i) => Math.Asin(1.0 / 256.0 * (i & 0xFF));

    public static double Acos(int i) => Math.Acos(1.0 / 256.0 * (i & 0xFF));

    public static double Atan(int i) => Math.Atan(1.0 / 256.0 * (i & 0xFF));
}
