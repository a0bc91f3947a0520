namespace HandRolledHarness;

/// <summary>Mark5: multiply itself, called directly.</summary>
internal readonly struct MultiplyCall : ITimedCall
{
    public void BeforeCall(Timer timer)
    {
    }

    public double Call(int i) => NoteFunctions.Multiply(i);
}

/// <summary>Mark6 to Mark8: any function from int to double, through a delegate (the note's IntToDoubleFunction).</summary>
internal readonly struct FunctionCall(Func<int, double> function) : ITimedCall
{
    public void BeforeCall(Timer timer)
    {
    }

    public double Call(int i) => function(i);
}

/// <summary>Mark8Setup: the timer is paused around the per-call setup, so only the call is timed.</summary>
internal readonly struct SetupCall(Benchmarkable benchmarkable) : ITimedCall
{
    public void BeforeCall(Timer timer)
    {
        timer.Pause();
        benchmarkable.Setup();
        timer.Play();
    }

    public double Call(int i) => benchmarkable.Call(i);
}
