console.log('gateway: not built yet');
