console.log('backend: not built yet');
