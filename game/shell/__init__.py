"""The application shell: the app loop and scene stack, input to intents, the display, the crash hook, assets, settings, translations, tweens and the window layout."""
