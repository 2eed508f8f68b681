SELECT tab.a FROM tab
